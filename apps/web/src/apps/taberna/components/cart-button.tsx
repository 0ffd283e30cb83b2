import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import { Badge, Button, IconButton, useMediaQuery, useTheme } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/** Spec §2: "Cart (n)" in the top bar; on a phone the icon with the count as a badge. */
export function CartButton({ quantity }: { quantity: number }) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const label = `Cart (${quantity})`;
  if (narrow) {
    return (
      <IconButton color="inherit" component={RouterLink} to="/taberna/cart" aria-label={label} data-testid="cart-link">
        <Badge badgeContent={quantity} showZero color="secondary">
          <ShoppingCartIcon />
        </Badge>
      </IconButton>
    );
  }
  return (
    <Button
      color="inherit"
      component={RouterLink}
      to="/taberna/cart"
      startIcon={<ShoppingCartIcon />}
      sx={{ whiteSpace: 'nowrap' }}
      data-testid="cart-link"
    >
      {label}
    </Button>
  );
}
