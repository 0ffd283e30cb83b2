import CategoryIcon from '@mui/icons-material/Category';
import { Alert, Container, Typography } from '@mui/material';
import { useParams } from 'react-router';
import { ApiError } from '../../../shared/api/api-client';
import { EmptyState } from '../../../shared/ui/empty-state';
import { useCategory } from '../api/get-category';
import { ProductGrid, ProductGridSkeleton } from '../components/product-grid';
import { ShopEmptyPage } from '../components/shop-empty-page';

export default function CategoryPage() {
  const { categorySlug = '' } = useParams();
  const category = useCategory(categorySlug);
  if (category.error instanceof ApiError && category.error.status === 404) {
    return (
      <ShopEmptyPage icon={<CategoryIcon />} title="Category not found">
        The shop has no category “{categorySlug}”.
      </ShopEmptyPage>
    );
  }
  return (
    <Container maxWidth="xl">
      {category.isPending && <ProductGridSkeleton count={8} />}
      {category.isError && <Alert severity="error">The category could not be loaded: {category.error.message}</Alert>}
      {category.data && (
        <>
          <Typography variant="h1" sx={{ mb: 1 }}>
            {category.data.name}
          </Typography>
          {category.data.description && (
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {category.data.description}
            </Typography>
          )}
          {category.data.products.length > 0 ? (
            <ProductGrid products={category.data.products} label={`${category.data.name} products`} headingLevel="h2" />
          ) : (
            <EmptyState icon={<CategoryIcon />} title="No products here yet" />
          )}
        </>
      )}
    </Container>
  );
}
