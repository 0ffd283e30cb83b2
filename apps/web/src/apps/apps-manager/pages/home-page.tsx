import { Alert, Box, Container, Skeleton, Stack, Typography } from '@mui/material';
import { useProjects } from '../api/get-projects';
import { ProjectGrid } from '../components/project-grid';
import { AppsSearchForm } from '../components/search-form';

export default function HomePage() {
  const projects = useProjects();
  return (
    <Container maxWidth="xl">
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 3, md: 6 } }}>
        <Typography variant="h1">One portal, all its apps</Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 640 }}>
          Shop at Taberna, meet people on the social network, play with the AI lab and build scenes in Hyper 3D — one account, one
          place.
        </Typography>
        <AppsSearchForm />
      </Stack>
      <Box component="section" aria-labelledby="apps-heading">
        <Typography id="apps-heading" variant="h2" sx={{ mb: 3 }}>
          Apps
        </Typography>
        {projects.isPending && (
          <Stack direction="row" spacing={3} aria-label="Loading apps">
            {[0, 1, 2, 3].map((key) => (
              <Skeleton key={key} variant="rounded" height={320} sx={{ flex: 1 }} />
            ))}
          </Stack>
        )}
        {projects.isError && <Alert severity="error">The apps could not be loaded: {projects.error.message}</Alert>}
        {projects.data && <ProjectGrid projects={projects.data} />}
      </Box>
    </Container>
  );
}
