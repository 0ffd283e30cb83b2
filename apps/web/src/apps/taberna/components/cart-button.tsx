import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import { Badge, Button, IconButton, useMediaQuery, useTheme, type SxProps, type Theme } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useHydrated } from '../../../shared/ui/use-hydrated';

/** Spec §2: "Cart (n)" in the top bar; on a phone the icon with the count as a badge. */
export function CartButton({ quantity }: { quantity: number }) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const label = `Cart (${quantity})`;
  const icon = (sx?: SxProps<Theme>) => (
    <IconButton color="inherit" component={RouterLink} to="/taberna/cart" aria-label={label} data-testid="cart-link" sx={sx}>
      <Badge badgeContent={quantity} showZero color="secondary">
        <ShoppingCartIcon />
      </Badge>
    </IconButton>
  );
  const button = (sx?: SxProps<Theme>) => (
    <Button
      color="inherit"
      component={RouterLink}
      to="/taberna/cart"
      startIcon={<ShoppingCartIcon />}
      sx={[{ whiteSpace: 'nowrap' }, ...(sx ? [sx] : [])] as SxProps<Theme>}
      data-testid="cart-link"
    >
      {label}
    </Button>
  );
  // The server's HTML (issue 12) is the same at every width: until it is hydrated both are there, CSS
  // showing the one the width needs; from then on (at once when rendered in the browser) only that one.
  if (!useHydrated()) {
    return (
      <>
        {icon({ display: { xs: 'inline-flex', sm: 'none' } })}
        {button({ display: { xs: 'none', sm: 'inline-flex' } })}
      </>
    );
  }
  return narrow ? icon() : button();
}
