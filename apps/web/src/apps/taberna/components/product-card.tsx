import { Box, Card, CardActionArea, CardContent, CardMedia, Rating, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { Product } from '@portal/contracts';
import { useFormatMoney } from '../../../shared/format/money';
import { StockState } from './stock-state';

/**
 * `priority`: the card is in the first row of a grid at the top of a page, where the page's largest
 * image (its LCP element) usually is: its image loads at once, ahead of the rest, not lazily.
 */
export function ProductCard({
  product,
  headingLevel = 'h3',
  priority = false,
}: {
  product: Product;
  headingLevel?: 'h2' | 'h3';
  priority?: boolean;
}) {
  const money = useFormatMoney();
  return (
    <Card sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid="product-card">
      <CardActionArea
        component={RouterLink}
        to={product.get_absolute_url}
        sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        {product.image ? (
          <CardMedia
            component="img"
            image={product.image}
            alt=""
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            sx={{ aspectRatio: '1 / 1', objectFit: 'cover' }}
          />
        ) : (
          <Box sx={{ aspectRatio: '1 / 1', bgcolor: 'action.hover' }} />
        )}
        <CardContent sx={{ flexGrow: 1 }}>
          <Typography variant="h6" component={headingLevel} sx={{ fontSize: '1.05rem', lineHeight: 1.3 }} gutterBottom>
            {product.name}
          </Typography>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', mb: 1.5 }}
          >
            {product.description}
          </Typography>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 700, fontSize: '1.1rem' }} data-testid="product-price">
              {money(product.price)}
            </Typography>
            <StockState stock={product.stock} available={product.is_available} />
          </Stack>
          {product.average_rating !== null && (
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mt: 1 }}>
              <Rating
                value={product.average_rating}
                precision={0.5}
                readOnly
                size="small"
                aria-label={`Rated ${product.average_rating} out of 5`}
              />
              <Typography variant="caption" color="text.secondary">
                ({product.reviews_count})
              </Typography>
            </Stack>
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
