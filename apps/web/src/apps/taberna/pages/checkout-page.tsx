import ShoppingCartCheckoutIcon from '@mui/icons-material/ShoppingCartCheckout';
import { ShopEmptyPage } from '../components/shop-empty-page';

export default function CheckoutPage() {
  return (
    <ShopEmptyPage icon={<ShoppingCartCheckoutIcon />} title="Nothing to check out">
      Your cart is empty. Add products to the cart before checking out.
    </ShopEmptyPage>
  );
}
