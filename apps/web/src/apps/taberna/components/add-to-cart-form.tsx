import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import { Alert, Button, CircularProgress, Link, MenuItem, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import type { ProductDetail } from '@portal/contracts';
import { showAlert } from '../../../shared/alerts/alert-store';
import { ApiError } from '../../../shared/api/api-client';
import { useAddToCart } from '../api/add-to-cart';
import { canBuy, variantOf } from './variant-choice';

/**
 * Colour and size choices (each must be chosen when the product has them) and the add button.
 * Combinations sold out are shown and cannot be chosen together (issue 25); `onChoice` hears the
 * choice (the page shows that colour's pictures and that variant's price).
 */
export function AddToCartForm({
  detail,
  onChoice,
}: {
  detail: ProductDetail;
  onChoice?: (choice: { color: string; size: string }) => void;
}) {
  const { product, variations } = detail;
  const [color, setColorValue] = useState('');
  const [size, setSizeValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const add = useAddToCart();
  const has = { colors: variations.colors.length > 0, sizes: variations.sizes.length > 0 };
  const chosen = variantOf(detail.variants, { color, size }, has);
  const soldOut = !product.is_available || product.stock <= 0 || (chosen !== undefined && !chosen.in_stock);
  const choose = (next: { color: string; size: string }) => {
    setColorValue(next.color);
    setSizeValue(next.size);
    onChoice?.(next);
  };
  const setColor = (value: string) => choose({ color: value, size });
  const setSize = (value: string) => choose({ color, size: value });
  const option = (category: 'color' | 'size', value: string) => {
    const open = canBuy(detail.variants, category, value, { color, size });
    return (
      <MenuItem key={value} value={value} disabled={!open}>
        {open ? value : `${value} — sold out`}
      </MenuItem>
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setAdded(null);
    add.mutate(
      { productId: product.id, color: color || undefined, size: size || undefined },
      {
        onSuccess: () => {
          const choice = [color, size].filter(Boolean).join(', ');
          const message = `${product.name}${choice ? ` (${choice})` : ''} is in your cart.`;
          setAdded(message);
          // The page's one alert: this replaces the error of a failed attempt instead of sitting beside it.
          showAlert(message, 'success');
        },
        onError: (error) => {
          const messages = error instanceof ApiError ? error.messages : [error.message];
          setProblem(messages.join(' '));
          showAlert(messages, 'error');
        },
      },
    );
  };

  return (
    <Stack component="form" onSubmit={submit} spacing={2} noValidate aria-label="Add to cart" sx={{ maxWidth: 420 }}>
      {variations.colors.length > 0 && (
        <TextField
          select
          label="Colour"
          value={color}
          onChange={(event) => setColor(event.target.value)}
          required
          error={Boolean(problem) && !color}
          slotProps={{ select: { 'data-testid': 'select-color' } as object }}
        >
          {variations.colors.map((choice) => option('color', choice.variation_value))}
        </TextField>
      )}
      {variations.sizes.length > 0 && (
        <TextField
          select
          label="Size"
          value={size}
          onChange={(event) => setSize(event.target.value)}
          required
          error={Boolean(problem) && !size}
          slotProps={{ select: { 'data-testid': 'select-size' } as object }}
        >
          {variations.sizes.map((choice) => option('size', choice.variation_value))}
        </TextField>
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={soldOut || add.isPending}
        startIcon={add.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : <AddShoppingCartIcon />}
        data-testid="add-to-cart"
      >
        {soldOut
          ? chosen && product.stock > 0
            ? 'Sold out in this choice'
            : 'Out of stock'
          : add.isPending
            ? 'Adding…'
            : 'Add to cart'}
      </Button>
      <div aria-live="polite">
        {problem && (
          <Alert severity="error" data-testid="add-to-cart-error">
            {problem}
          </Alert>
        )}
        {added && (
          <Alert severity="success" data-testid="add-to-cart-done">
            {added}{' '}
            <Link component={RouterLink} to="/taberna/cart" underline="always">
              View cart
            </Link>
          </Alert>
        )}
      </div>
    </Stack>
  );
}
