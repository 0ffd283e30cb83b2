import { Alert, Box, Card, CardActionArea, CardContent, CardMedia, Grid, Skeleton, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useSearchProducts } from '../../../shared/api/search-products';
import { formatMoney } from '../../../shared/format/money';

/** Products of the shop that match the landing page's search. Shows nothing until there is a query. */
export function ProductResults({ query }: { query: string }) {
  const products = useSearchProducts(query);
  if (!query) return null;
  return (
    <Box component="section" aria-labelledby="product-results" sx={{ mt: 5 }} data-testid="product-results">
      <Typography id="product-results" variant="h2" sx={{ mb: 2 }}>
        Products in Taberna
      </Typography>
      {products.isPending && <Skeleton variant="rounded" height={120} aria-label="Searching the shop" />}
      {products.isError && <Alert severity="error">The shop search failed: {products.error.message}</Alert>}
      {products.data && products.data.length === 0 && (
        <Typography color="text.secondary">No product matches “{query}”.</Typography>
      )}
      {products.data && products.data.length > 0 && (
        <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Products">
          {products.data.slice(0, 12).map((product) => (
            <Grid key={product.id} size={{ xs: 6, sm: 4, md: 3, lg: 2 }} component="li">
              <Card sx={{ height: '100%' }}>
                <CardActionArea component={RouterLink} to={product.get_absolute_url} sx={{ height: '100%' }}>
                  {product.image && <CardMedia component="img" image={product.image} alt="" sx={{ aspectRatio: '1 / 1' }} />}
                  <CardContent sx={{ py: 1.5 }}>
                    <Typography component="h3" sx={{ fontWeight: 600, fontSize: '0.95rem' }}>
                      {product.name}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {formatMoney(product.price)}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
    </Box>
  );
}
