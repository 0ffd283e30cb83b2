import { Grid } from '@mui/material';
import type { Project } from '@portal/contracts';
import { ProjectCard } from './project-card';

export function ProjectGrid({ projects }: { projects: Project[] }) {
  return (
    <Grid container spacing={3} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Apps">
      {projects.map((project) => (
        <Grid key={project.id} size={{ xs: 12, sm: 6, lg: 3 }} component="li">
          <ProjectCard project={project} />
        </Grid>
      ))}
    </Grid>
  );
}
