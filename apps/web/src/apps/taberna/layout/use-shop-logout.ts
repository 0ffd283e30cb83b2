import { useNavigate } from 'react-router';
import { logout } from '../../../shared/auth/logout';

/** Spec §4: shop logout logs out, reloads the cart and goes to the shop's log-in page. */
export function useShopLogout() {
  const navigate = useNavigate();
  return () => {
    logout();
    navigate('/taberna/login');
  };
}
