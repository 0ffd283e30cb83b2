import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import RemoveIcon from '@mui/icons-material/Remove';
import { Box, IconButton, Link, Stack, Tooltip, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { CartItem } from '@portal/contracts';
import { showErrorAlert } from '../../../shared/alerts/alert-store';
import { useAddToCart } from '../api/add-to-cart';
import { useRemoveCartLine } from '../api/remove-cart-line';
import { useRemoveOneFromCart } from '../api/remove-one-from-cart';
import { useFormatMoney } from '../../../shared/format/money';

export const variationText = (item: Pick<CartItem, 'variations'>) => item.variations.map((v) => v.variation_value).join(', ');

const alertError = (error: Error) => showErrorAlert(error);

/** A cart line: picture, name and choices, price, quantity − / +, line total and remove. */
export function CartLine({ item }: { item: CartItem }) {
  const money = useFormatMoney();
  const add = useAddToCart();
  const removeOne = useRemoveOneFromCart();
  const removeLine = useRemoveCartLine();
  const busy = add.isPending || removeOne.isPending || removeLine.isPending;
  const ref = { productId: item.product.id, cartItemId: item.id };
  const color = item.variations.find((v) => v.variation_category === 'color')?.variation_value;
  const size = item.variations.find((v) => v.variation_category === 'size')?.variation_value;
  const name = `${item.product.name}${item.variations.length ? ` (${variationText(item)})` : ''}`;
  // Issue 25: the chosen colour's picture, the variant's own price and stock.
  const unitPrice = item.variant?.price ?? item.product.price;
  const left = item.variant ? item.variant.stock : item.product.stock;

  return (
    <Stack
      component="li"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ py: 2, alignItems: { sm: 'center' }, borderBottom: 1, borderColor: 'divider' }}
      data-testid="cart-line"
    >
      <Stack direction="row" spacing={2} sx={{ flexGrow: 1, alignItems: 'center', minWidth: 0 }}>
        <Box
          component="img"
          src={item.image ?? item.product.image ?? undefined}
          alt=""
          data-testid="cart-line-image"
          sx={{ width: 80, height: 80, borderRadius: 2, objectFit: 'cover', flexShrink: 0, bgcolor: 'action.hover' }}
        />
        <Box sx={{ minWidth: 0 }}>
          <Link component={RouterLink} to={item.product.get_absolute_url} sx={{ fontWeight: 600 }}>
            {item.product.name}
          </Link>
          {item.variations.length > 0 && (
            <Typography variant="body2" color="text.secondary" data-testid="cart-line-variations">
              {item.variations
                .map((v) => `${v.variation_category === 'color' ? 'Colour' : 'Size'}: ${v.variation_value}`)
                .join(' · ')}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary">
            {money(unitPrice)} each
          </Typography>
          {item.quantity > left && (
            <Typography variant="body2" color="error" data-testid="cart-line-stock">
              {left === 0 ? 'Sold out: remove it to check out.' : `Only ${left} left: lower the quantity to check out.`}
            </Typography>
          )}
        </Box>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Stack direction="row" sx={{ alignItems: 'center' }} role="group" aria-label={`Quantity of ${name}`}>
          <IconButton
            aria-label={`One less ${name}`}
            disabled={busy}
            onClick={() => removeOne.mutate(ref, { onError: alertError })}
          >
            <RemoveIcon />
          </IconButton>
          <Typography
            sx={{ minWidth: 32, textAlign: 'center', fontWeight: 600 }}
            aria-live="polite"
            data-testid="cart-line-quantity"
          >
            {item.quantity}
          </Typography>
          <IconButton
            aria-label={`One more ${name}`}
            disabled={busy}
            onClick={() => add.mutate({ productId: item.product.id, color, size }, { onError: alertError })}
          >
            <AddIcon />
          </IconButton>
        </Stack>
        <Typography sx={{ minWidth: 96, textAlign: 'right', fontWeight: 700 }} data-testid="cart-line-total">
          {money(item.sub_total)}
        </Typography>
        <Tooltip title="Remove">
          <IconButton
            aria-label={`Remove ${name}`}
            disabled={busy}
            onClick={() => removeLine.mutate(ref, { onError: alertError })}
          >
            <DeleteOutlineIcon />
          </IconButton>
        </Tooltip>
      </Stack>
    </Stack>
  );
}
