import SearchIcon from '@mui/icons-material/Search';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Alert, Button, Container, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { useSearchProducts } from '../../../shared/api/search-products';
import { ProductGrid, ProductGridSkeleton } from '../components/product-grid';

function SearchForm({ initial }: { initial: string }) {
  const [query, setQuery] = useState(initial);
  const navigate = useNavigate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(`/taberna/search?${new URLSearchParams({ query: query.trim() }).toString()}`);
  };
  return (
    <Stack component="form" role="search" direction="row" spacing={1} onSubmit={submit} sx={{ maxWidth: 560 }}>
      <TextField
        name="query"
        label="Search the shop"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        fullWidth
        size="small"
      />
      <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
        Search
      </Button>
    </Stack>
  );
}

export default function SearchPage() {
  const [params] = useSearchParams();
  const query = (params.get('query') ?? '').trim();
  const results = useSearchProducts(query);
  return (
    <Container maxWidth="xl">
      <Stack spacing={2} sx={{ mb: 4 }}>
        <Typography variant="h1">{query ? `Results for “${query}”` : 'Search the shop'}</Typography>
        <SearchForm key={query} initial={query} />
      </Stack>
      {!query && <Typography color="text.secondary">Type what you are looking for: a product, a material, a colour…</Typography>}
      {query && results.isPending && <ProductGridSkeleton />}
      {results.isError && <Alert severity="error">The search failed: {results.error.message}</Alert>}
      {results.data &&
        (results.data.length > 0 ? (
          <ProductGrid products={results.data} label="Search results" headingLevel="h2" />
        ) : (
          <EmptyState icon={<SearchOffIcon />} title={`No products match “${query}”`}>
            Try another word, or browse the categories from the menu.
          </EmptyState>
        ))}
    </Container>
  );
}
