import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Alert, Box, Container, Stack, Typography } from '@mui/material';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageLoader } from '../../../shared/ui/page-loader';
import { useSearchProjects } from '../api/search-projects';
import { ProductResults } from '../components/product-results';
import { ProjectGrid } from '../components/project-grid';
import { AppsSearchForm } from '../components/search-form';
import { SocialResults } from '../components/social-results';

export default function SearchPage() {
  const [params] = useSearchParams();
  const query = (params.get('query') ?? '').trim();
  const apps = useSearchProjects(query);
  return (
    <Container maxWidth="xl">
      <Stack spacing={2} sx={{ mb: 4 }}>
        <Typography variant="h1">{query ? `Results for “${query}”` : 'Search'}</Typography>
        <AppsSearchForm key={query} initial={query} />
      </Stack>
      {!query && <Typography color="text.secondary">Type what you are looking for and press Enter.</Typography>}
      {query && apps.isPending && <PageLoader label="Searching" />}
      {apps.isError && <Alert severity="error">The search failed: {apps.error.message}</Alert>}
      {apps.data && (
        <Box component="section" aria-labelledby="apps-results">
          <Typography id="apps-results" variant="h2" sx={{ mb: 2 }}>
            Apps
          </Typography>
          {apps.data.length > 0 ? (
            <ProjectGrid projects={apps.data} />
          ) : (
            <EmptyState icon={<SearchOffIcon />} title="Nothing was found">
              No app matches “{query}”. Try another word.
            </EmptyState>
          )}
        </Box>
      )}
      <ProductResults query={query} />
      <SocialResults query={query} />
    </Container>
  );
}
