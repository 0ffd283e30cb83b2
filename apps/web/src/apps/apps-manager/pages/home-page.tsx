import { Alert, Box, Container, Stack, Typography } from '@mui/material';
import { useProjects } from '../api/get-projects';
import { ProjectGrid, ProjectGridSkeleton } from '../components/project-grid';
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
        {projects.isPending && <ProjectGridSkeleton />}
        {projects.isError && <Alert severity="error">The apps could not be loaded: {projects.error.message}</Alert>}
        {projects.data && <ProjectGrid projects={projects.data} />}
      </Box>
    </Container>
  );
}
