import InventoryIcon from '@mui/icons-material/Inventory2';
import { Alert, Box, Breadcrumbs, Container, Grid, Link, Rating, Skeleton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/api-client';
import { useIsLoggedIn } from '../../../shared/auth/auth-store';
import { usePageTitle } from '../../../shared/ui/use-document-title';
import { useProduct } from '../api/get-product';
import { AddToCartForm } from '../components/add-to-cart-form';
import { useFormatMoney } from '../../../shared/format/money';
import { ProductGallery } from '../components/product-gallery';
import { ProductGrid } from '../components/product-grid';
import { ReviewForm } from '../components/review-form';
import { ReviewList } from '../components/review-list';
import { ShopEmptyPage } from '../components/shop-empty-page';
import { StockState } from '../components/stock-state';
import { variantOf } from '../components/variant-choice';

export default function ProductPage() {
  const money = useFormatMoney();
  const { categorySlug = '', productSlug = '' } = useParams();
  // The colour and size chosen on this product's page (another product's page starts without).
  const [chosen, setChosen] = useState({ slug: '', color: '', size: '' });
  const choice = chosen.slug === productSlug ? chosen : { color: '', size: '' };
  const detail = useProduct(categorySlug, productSlug);
  const loggedIn = useIsLoggedIn();
  usePageTitle(detail.data?.product.name);
  if (detail.error instanceof ApiError && detail.error.status === 404) {
    return (
      <ShopEmptyPage icon={<InventoryIcon />} title="Product not found">
        “{productSlug}” is not in the catalogue.
      </ShopEmptyPage>
    );
  }
  if (detail.isError) {
    return (
      <Container maxWidth="lg">
        <Alert severity="error">The product could not be loaded: {detail.error.message}</Alert>
      </Container>
    );
  }
  if (detail.isPending) {
    return (
      // At least a window tall, as the loaded page is (the description, reviews and related products
      // below the gallery): the footer stays below the fold instead of showing and then being pushed away.
      <Container maxWidth="lg" role="progressbar" aria-label="Loading the product" sx={{ minHeight: '100vh' }}>
        {/* The breadcrumbs' line and the grid's spacing as on the loaded page: nothing moves when it arrives. */}
        <Skeleton width={260} sx={{ mb: 2 }} />
        <Grid container spacing={{ xs: 3, md: 6 }}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Skeleton variant="rounded" sx={{ aspectRatio: '1 / 1', height: 'auto' }} />
            {/* The gallery's row of thumbnails (most products have several pictures). */}
            <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
              {[0, 1, 2].map((key) => (
                <Skeleton key={key} variant="rounded" width={72} height={72} />
              ))}
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Skeleton height={56} width="70%" />
            <Skeleton height={40} width="30%" />
            <Skeleton height={120} />
          </Grid>
        </Grid>
      </Container>
    );
  }
  const { product, variations } = detail.data;
  // Issue 25: the price of the combination chosen, when it has its own.
  const variant = variantOf(detail.data.variants, choice, {
    colors: variations.colors.length > 0,
    sizes: variations.sizes.length > 0,
  });
  return (
    <Container maxWidth="lg">
      <Breadcrumbs sx={{ mb: 2 }} aria-label="Breadcrumb">
        <Link component={RouterLink} to="/taberna">
          Shop
        </Link>
        <Link component={RouterLink} to={`/taberna-store/category/${product.category.slug}`}>
          {product.category.name}
        </Link>
        <Typography color="text.primary" aria-current="page">
          {product.name}
        </Typography>
      </Breadcrumbs>
      <Grid container spacing={{ xs: 3, md: 6 }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <ProductGallery product={product} color={choice.color} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' } }} data-testid="product-name">
            {product.name}
          </Typography>
          {product.average_rating !== null && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
              <Rating
                value={product.average_rating}
                precision={0.5}
                readOnly
                aria-label={`Rated ${product.average_rating} out of 5`}
              />
              <Typography color="text.secondary">
                {product.reviews_count} review{product.reviews_count === 1 ? '' : 's'}
              </Typography>
            </Stack>
          )}
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', my: 2 }}>
            <Typography sx={{ fontSize: '1.75rem', fontWeight: 700 }} data-testid="product-price">
              {money(variant?.price ?? product.price)}
            </Typography>
            <StockState stock={product.stock} available={product.is_available} />
          </Stack>
          <Typography sx={{ mb: 3, whiteSpace: 'pre-line' }}>{product.description}</Typography>
          <AddToCartForm key={product.id} detail={detail.data} onChoice={(next) => setChosen({ slug: productSlug, ...next })} />
        </Grid>
      </Grid>

      <Box component="section" aria-labelledby="reviews-title" sx={{ mt: 6 }}>
        <Typography id="reviews-title" variant="h2" sx={{ mb: 2 }}>
          Reviews
        </Typography>
        <ReviewList reviews={detail.data.reviews} average={product.average_rating} />
        <Box sx={{ mt: 3 }}>
          {detail.data.can_review ? (
            <ReviewForm productId={product.id} />
          ) : (
            <Typography variant="body2" color="text.secondary">
              {loggedIn
                ? 'You can review this product once you have bought it.'
                : 'Customers who bought this product can review it after logging in.'}
            </Typography>
          )}
        </Box>
      </Box>

      {detail.data.related_products.length > 0 && (
        <Box component="section" aria-labelledby="related-title" sx={{ mt: 6 }}>
          <Typography id="related-title" variant="h2" sx={{ mb: 2 }}>
            You may also like
          </Typography>
          <ProductGrid products={detail.data.related_products} label="Related products" priorityCount={0} />
        </Box>
      )}
    </Container>
  );
}
