import OpenInNew from '@mui/icons-material/ArrowForward';
import { Button, Card, CardActions, CardContent, CardMedia, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { Project } from '@portal/contracts';

/** `priority`: the first card, whose picture is the landing page's largest image: fetched first, never lazily. */
export function ProjectCard({ project, priority = false }: { project: Project; priority?: boolean }) {
  return (
    <Card sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid="project-card">
      {project.photo && (
        <CardMedia
          component="img"
          image={project.photo}
          alt=""
          fetchPriority={priority ? 'high' : 'auto'}
          sx={{ aspectRatio: '8 / 5', objectFit: 'cover' }}
        />
      )}
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="h3" component="h2" gutterBottom>
          {project.title}
        </Typography>
        <Typography color="text.secondary">{project.description}</Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button
          component={RouterLink}
          to={project.view_url}
          variant="contained"
          endIcon={<OpenInNew />}
          aria-label={`Open ${project.title}`}
        >
          Open
        </Button>
        {project.github_url && (
          <Button
            href={project.github_url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Source code of ${project.title}`}
          >
            Source
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
