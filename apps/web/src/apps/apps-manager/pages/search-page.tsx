import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Alert, Container, Stack, Typography } from '@mui/material';
import { useSearchParams } from 'react-router';
import { usePortalSearch } from '../../../shared/api/portal-search';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageLoader } from '../../../shared/ui/page-loader';
import { PortalResults } from '../components/portal-results';
import { AppsSearchForm } from '../components/search-form';

export default function SearchPage() {
  const [params] = useSearchParams();
  const query = (params.get('query') ?? '').trim().slice(0, 200);
  const results = usePortalSearch(query);
  const found = results.data && Object.values(results.data).some((group) => group.length > 0);
  return (
    <Container maxWidth="xl">
      <Stack spacing={2} sx={{ mb: 4 }}>
        <Typography variant="h1">{query ? `Results for “${query}”` : 'Search'}</Typography>
        <AppsSearchForm key={query} initial={query} />
        <Typography variant="body2" color="text.secondary">
          Tip: on any page, the globe button in the top bar or Ctrl+K (⌘K on a Mac) searches from anywhere.
        </Typography>
      </Stack>
      {!query && <Typography color="text.secondary">Type what you are looking for and press Enter.</Typography>}
      {query && results.isPending && <PageLoader label="Searching" />}
      {results.isError && <Alert severity="error">The search failed: {results.error.message}</Alert>}
      {results.data && found && <PortalResults results={results.data} />}
      {results.data && !found && (
        <EmptyState icon={<SearchOffIcon />} title="Nothing was found">
          No app, product, person or post matches “{query}”. Try another word.
        </EmptyState>
      )}
    </Container>
  );
}
