import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { logout } from '../../../shared/auth/logout';
import { cartKey, cartRootKey, ordersKey } from '../api/query-keys';
import { useCartIdStore } from '../store/cart-id-store';

/** Spec §4: shop logout logs out, reloads the cart and goes to the shop's log-in page. */
export function useShopLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return () => {
    logout();
    useCartIdStore.getState().setCartId(null);
    queryClient.removeQueries({ queryKey: ordersKey });
    queryClient.removeQueries({ queryKey: cartKey('customer') });
    void queryClient.invalidateQueries({ queryKey: cartRootKey });
    navigate('/taberna/login');
  };
}
