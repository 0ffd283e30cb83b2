import {
  Alert,
  Box,
  Button,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
  Stack,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState } from 'react';
import type { BoProduct, BoVariant } from '@portal/contracts';
import { showAlert } from '../../../shared/alerts/alert-store';
import { useFormatMoney } from '../../../shared/format/money';
import { useUpdateVariant, useVariants } from '../api/products';
import { errorText } from '../components/error-text';
import { normalPrice } from './product-form';

/** "Blue / L", or "One kind" for a product without colours or sizes. */
export const variantName = (variant: Pick<BoVariant, 'color' | 'size'>) =>
  [variant.color, variant.size].filter(Boolean).join(' / ') || 'One kind';

/** One variant, edited in place: SKU, stock and own price (empty: the product's), saved together. */
function VariantRow({ product, variant, compact }: { product: BoProduct; variant: BoVariant; compact: boolean }) {
  const update = useUpdateVariant();
  const money = useFormatMoney();
  const [sku, setSku] = useState(variant.sku);
  const [stock, setStock] = useState(String(variant.stock));
  const [price, setPrice] = useState(variant.price ?? '');
  const name = variantName(variant);
  const stockOk = /^\d+$/.test(stock.trim());
  const changes = {
    ...(sku.trim() !== variant.sku ? { sku: sku.trim() } : {}),
    ...(stockOk && Number(stock) !== variant.stock ? { stock: Number(stock) } : {}),
    ...((price.trim() ? normalPrice(price) : null) !== variant.price ? { price: price.trim() ? normalPrice(price) : null } : {}),
  };
  const changed = Object.keys(changes).length > 0;
  const save = () =>
    update.mutate(
      { id: product.id, variantId: variant.id, ...changes },
      { onSuccess: (saved) => showAlert(`${name}: saved (${saved.stock} in stock).`, 'success') },
    );
  const field = (label: string, value: string, set: (next: string) => void, extra: object = {}) => (
    <TextField
      size="small"
      fullWidth={compact}
      label={compact ? label : undefined}
      value={value}
      onChange={(event) => set(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && changed) save();
      }}
      slotProps={{ htmlInput: { 'aria-label': `${label} of ${name}`, ...extra } }}
    />
  );
  const button = (
    <Button size="small" variant="outlined" disabled={!changed || !stockOk} loading={update.isPending} onClick={save}>
      Save
    </Button>
  );
  const problem = update.error && (
    <Alert severity="error" sx={{ mt: 1 }}>
      {errorText(update.error)}
    </Alert>
  );
  // On a phone each variant is a small card: its fields one under another, full width.
  if (compact) {
    return (
      <Box component="li" sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }} data-testid="variant-row">
        <Typography component="h3" sx={{ fontWeight: 600, mb: 1 }}>
          {name}
        </Typography>
        <Stack spacing={1.5}>
          {field('SKU', sku, setSku, { maxLength: 64 })}
          <Stack direction="row" spacing={1.5}>
            {field('Stock', stock, setStock, { inputMode: 'numeric', 'data-testid': 'variant-stock' })}
            {field('Price', price, setPrice, { inputMode: 'decimal', placeholder: money(product.price) })}
          </Stack>
          <Box>{button}</Box>
          {problem}
        </Stack>
      </Box>
    );
  }
  return (
    <TableRow data-testid="variant-row">
      <TableCell component="th" scope="row">
        {name}
      </TableCell>
      <TableCell>{field('SKU', sku, setSku, { maxLength: 64 })}</TableCell>
      <TableCell>
        {field('Stock', stock, setStock, { inputMode: 'numeric', 'data-testid': 'variant-stock', style: { width: 80 } })}
      </TableCell>
      <TableCell>
        {field('Price', price, setPrice, { inputMode: 'decimal', placeholder: money(product.price), style: { width: 100 } })}
      </TableCell>
      <TableCell>
        {button}
        {problem}
      </TableCell>
    </TableRow>
  );
}

/**
 * Issue 25: a product's variants — one per colour × size — with their SKU, stock and price, each
 * edited in place; the product's stock is their sum. A change of stock is written to the ledger.
 */
export function VariantGrid({ product }: { product: BoProduct }) {
  const variants = useVariants(product.id);
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'));
  /** A new key when the saved values change: the row starts again from them. */
  const keyOf = (variant: BoVariant) => `${variant.id}-${variant.sku}-${variant.stock}-${variant.price}`;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="variants-title">
      <Typography variant="h4" component="h2" id="variants-title" sx={{ mb: 1 }}>
        Variants and stock
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        One line per colour and size. An empty price sells at the product’s price. In stock in all: {product.stock}.
      </Typography>
      {variants.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : variants.isError ? (
        <Alert severity="error">The variants could not be loaded: {errorText(variants.error)}</Alert>
      ) : compact ? (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-labelledby="variants-title" data-testid="variant-grid">
          {variants.data.results.map((variant) => (
            <VariantRow key={keyOf(variant)} product={product} variant={variant} compact />
          ))}
        </Box>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby="variants-title" data-testid="variant-grid">
            <TableHead>
              <TableRow>
                <TableCell>Variant</TableCell>
                <TableCell>SKU</TableCell>
                <TableCell>Stock</TableCell>
                <TableCell>Price</TableCell>
                <TableCell>Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {variants.data.results.map((variant) => (
                <VariantRow key={keyOf(variant)} product={product} variant={variant} compact={false} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
