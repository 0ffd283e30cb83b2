import RemoveShoppingCartIcon from '@mui/icons-material/RemoveShoppingCart';
import ShoppingCartCheckoutIcon from '@mui/icons-material/ShoppingCartCheckout';
import { Alert, Box, Button, Container, Grid, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { PageLoader } from '../../../shared/ui/page-loader';
import { useCart } from '../api/get-cart';
import { CartLine } from '../components/cart-line';
import { CartSummary } from '../components/cart-summary';
import { DiscountField } from '../components/discount-field';
import { ShopEmptyPage } from '../components/shop-empty-page';

export default function CartPage() {
  const cart = useCart();
  if (cart.isPending) return <PageLoader label="Loading your cart" />;
  if (cart.isError) {
    return (
      <Container maxWidth="lg">
        <Alert severity="error">Your cart could not be loaded: {cart.error.message}</Alert>
      </Container>
    );
  }
  if (cart.data.cart_items.length === 0) {
    return (
      <ShopEmptyPage icon={<RemoveShoppingCartIcon />} title="Your cart is empty">
        Products you add to the cart show here, with their colour, size and price.
      </ShopEmptyPage>
    );
  }
  return (
    <Container maxWidth="lg">
      <Typography variant="h1" sx={{ mb: 3 }}>
        Your cart
      </Typography>
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Box
            component="ul"
            sx={{ listStyle: 'none', p: 0, m: 0, borderTop: 1, borderColor: 'divider' }}
            aria-label="Cart lines"
          >
            {cart.data.cart_items.map((item) => (
              <CartLine key={item.id} item={item} />
            ))}
          </Box>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <CartSummary cart={cart.data}>
            <DiscountField cart={cart.data} />
            <Button
              component={RouterLink}
              to="/taberna/cart/checkout"
              variant="contained"
              size="large"
              startIcon={<ShoppingCartCheckoutIcon />}
              data-testid="proceed-to-checkout"
            >
              Proceed to checkout
            </Button>
            <Button component={RouterLink} to="/taberna">
              Continue shopping
            </Button>
          </CartSummary>
        </Grid>
      </Grid>
    </Container>
  );
}
