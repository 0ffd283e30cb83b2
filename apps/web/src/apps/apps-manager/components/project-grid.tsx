import { Grid, Skeleton } from '@mui/material';
import type { Project } from '@portal/contracts';
import { ProjectCard } from './project-card';

export function ProjectGrid({ projects }: { projects: Project[] }) {
  return (
    <Grid container spacing={3} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Apps">
      {projects.map((project, index) => (
        <Grid key={project.id} size={{ xs: 12, sm: 6, lg: 3 }} component="li">
          <ProjectCard project={project} priority={index === 0} />
        </Grid>
      ))}
    </Grid>
  );
}

/** The grid while the apps load: the cards' columns, picture and text lines, so nothing moves when they arrive. */
export function ProjectGridSkeleton({ count = 4 }: { count?: number }) {
  return (
    <Grid container spacing={3} role="progressbar" aria-label="Loading apps">
      {Array.from({ length: count }, (_, index) => (
        <Grid key={index} size={{ xs: 12, sm: 6, lg: 3 }}>
          <Skeleton variant="rounded" sx={{ aspectRatio: '8 / 5', height: 'auto' }} />
          <Skeleton width="60%" height={40} sx={{ mt: 1.5 }} />
          <Skeleton />
          <Skeleton width="80%" />
          <Skeleton variant="rounded" width={96} height={36} sx={{ mt: 2 }} />
        </Grid>
      ))}
    </Grid>
  );
}
