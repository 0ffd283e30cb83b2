import {
  Alert,
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
function VariantRow({ product, variant }: { product: BoProduct; variant: BoVariant }) {
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
      value={value}
      onChange={(event) => set(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && changed) save();
      }}
      slotProps={{ htmlInput: { 'aria-label': `${label} of ${name}`, ...extra } }}
    />
  );
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
        <Button size="small" variant="outlined" disabled={!changed || !stockOk} loading={update.isPending} onClick={save}>
          Save
        </Button>
        {update.error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {errorText(update.error)}
          </Alert>
        )}
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
                // A new key when the saved values change: the row starts again from them.
                <VariantRow
                  key={`${variant.id}-${variant.sku}-${variant.stock}-${variant.price}`}
                  product={product}
                  variant={variant}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
