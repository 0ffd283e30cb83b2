import StorefrontIcon from '@mui/icons-material/Storefront';
import { Alert, Box, Container, Typography } from '@mui/material';
import { EmptyState } from '../../../shared/ui/empty-state';
import { useCategories } from '../api/get-categories';
import { useLatestProducts } from '../api/get-latest-products';
import { CategoryTiles } from '../components/category-tiles';
import { ProductGrid, ProductGridSkeleton } from '../components/product-grid';
import { ShopHero } from '../components/shop-hero';

export default function HomePage() {
  const latest = useLatestProducts();
  const categories = useCategories();
  return (
    <Container maxWidth="xl">
      <ShopHero />
      <Box component="section" aria-labelledby="latest-title" sx={{ mb: 6 }}>
        <Typography id="latest-title" variant="h2" sx={{ mb: 2 }}>
          Latest products
        </Typography>
        {latest.isPending && <ProductGridSkeleton count={6} />}
        {latest.isError && <Alert severity="error">The products could not be loaded: {latest.error.message}</Alert>}
        {latest.data &&
          (latest.data.length > 0 ? (
            <ProductGrid products={latest.data} label="Latest products" />
          ) : (
            <EmptyState icon={<StorefrontIcon />} title="The catalogue is empty">
              The shop has no products yet. New products show here as soon as they are added.
            </EmptyState>
          ))}
      </Box>
      {categories.data && categories.data.length > 0 && (
        <Box component="section" aria-labelledby="categories-title">
          <Typography id="categories-title" variant="h2" sx={{ mb: 2 }}>
            Shop by category
          </Typography>
          <CategoryTiles categories={categories.data} />
        </Box>
      )}
    </Container>
  );
}
