import RemoveShoppingCartIcon from '@mui/icons-material/RemoveShoppingCart';
import { ShopEmptyPage } from '../components/shop-empty-page';

export default function CartPage() {
  return (
    <ShopEmptyPage icon={<RemoveShoppingCartIcon />} title="Your cart is empty">
      Products you add to the cart show here, with their colour, size and price.
    </ShopEmptyPage>
  );
}
