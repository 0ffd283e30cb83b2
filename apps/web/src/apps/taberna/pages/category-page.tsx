import CategoryIcon from '@mui/icons-material/Category';
import { Alert, Box, Button, CircularProgress, Container, LinearProgress, Typography } from '@mui/material';
import { useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/api-client';
import { usePageTitle } from '../../../shared/ui/use-document-title';
import { EmptyState } from '../../../shared/ui/empty-state';
import { CATEGORY_FILTER_KEYS, useCategory, type CategoryFilters as Filters } from '../api/get-category';
import { CategoryFilters } from '../components/category-filters';
import { ProductGrid, ProductGridSkeleton } from '../components/product-grid';
import { ShopEmptyPage } from '../components/shop-empty-page';

/** The sorting and filters live in the URL, so back, forward, reload and shared links keep them. */
function useFiltersInUrl(): [Filters, (changes: Filters) => void] {
  const [params, setParams] = useSearchParams();
  const filters: Filters = {};
  for (const key of CATEGORY_FILTER_KEYS) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  const change = (changes: Filters) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });
  return [filters, change];
}

export default function CategoryPage() {
  const { categorySlug = '' } = useParams();
  const [filters, changeFilters] = useFiltersInUrl();
  const category = useCategory(categorySlug, filters);
  const first = category.data?.pages[0];
  const products = category.data?.pages.flatMap((page) => page.products) ?? [];
  usePageTitle(first?.name);
  if (category.error instanceof ApiError && category.error.status === 404) {
    return (
      <ShopEmptyPage icon={<CategoryIcon />} title="Category not found">
        The shop has no category “{categorySlug}”.
      </ShopEmptyPage>
    );
  }
  const badFilter = category.error instanceof ApiError && category.error.status === 400;
  return (
    <Container maxWidth="xl">
      {category.isPending && <ProductGridSkeleton count={8} />}
      {category.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {badFilter ? 'These filters are not valid: ' : 'The category could not be loaded: '}
          {category.error.message}
        </Alert>
      )}
      {(first || badFilter) && (
        <>
          <Typography variant="h1" sx={{ mb: 1 }}>
            {first?.name ?? 'Category'}
          </Typography>
          {first?.description && (
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {first.description}
            </Typography>
          )}
          <CategoryFilters filters={filters} facets={first?.facets} onChange={changeFilters} />
          <LinearProgress
            aria-label="Updating products"
            sx={{ mb: 1, visibility: category.isPlaceholderData ? 'visible' : 'hidden' }}
          />
        </>
      )}
      {first &&
        !category.isError &&
        (products.length > 0 ? (
          <>
            <ProductGrid products={products} label={`${first.name} products`} headingLevel="h2" />
            {category.hasNextPage && (
              <Box sx={{ display: 'flex', justifyContent: 'center', my: 3 }}>
                <Button
                  variant="outlined"
                  onClick={() => void category.fetchNextPage()}
                  disabled={category.isFetchingNextPage}
                  startIcon={category.isFetchingNextPage ? <CircularProgress size={18} aria-hidden /> : undefined}
                >
                  {category.isFetchingNextPage ? 'Loading more products…' : 'Show more products'}
                </Button>
              </Box>
            )}
          </>
        ) : (
          <EmptyState
            icon={<CategoryIcon />}
            title={Object.keys(filters).length > 0 ? 'No products match these filters' : 'No products here yet'}
          />
        ))}
    </Container>
  );
}
