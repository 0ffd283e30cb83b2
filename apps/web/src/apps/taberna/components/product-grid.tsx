import { Grid, Skeleton } from '@mui/material';
import type { Product } from '@portal/contracts';
import { ProductCard } from './product-card';

export function ProductGrid({
  products,
  label,
  headingLevel,
  priorityCount = 4,
}: {
  products: Product[];
  label: string;
  headingLevel?: 'h2' | 'h3';
  /** How many cards from the start load their image at once (the first row); 0 for a grid below the fold. */
  priorityCount?: number;
}) {
  return (
    <Grid container spacing={{ xs: 2, md: 3 }} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={label}>
      {products.map((product, index) => (
        <Grid key={product.id} size={{ xs: 6, md: 4, lg: 3 }} component="li">
          <ProductCard product={product} headingLevel={headingLevel} priority={index < priorityCount} />
        </Grid>
      ))}
    </Grid>
  );
}

/** What a product grid looks like while it loads. */
export function ProductGridSkeleton({ count = 4 }: { count?: number }) {
  return (
    <Grid container spacing={{ xs: 2, md: 3 }} role="progressbar" aria-label="Loading products">
      {Array.from({ length: count }, (_, index) => (
        <Grid key={index} size={{ xs: 6, md: 4, lg: 3 }}>
          <Skeleton variant="rounded" sx={{ aspectRatio: '1 / 1', height: 'auto' }} />
          <Skeleton width="70%" sx={{ mt: 1 }} />
          <Skeleton width="40%" />
        </Grid>
      ))}
    </Grid>
  );
}
