import { useNavigate, useSearchParams } from 'react-router';
import { clearAlert } from '../../../shared/alerts/alert-store';
import { loginShopOrAccount } from '../../../shared/auth/api/login';
import { useAuthStore } from '../../../shared/auth/auth-store';
import { LoginForm } from '../../../shared/auth/login-form';
import { safeRedirect } from '../../../shared/auth/safe-redirect';
import { currentCartId, useCartIdStore } from '../store/cart-id-store';

export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <LoginForm
      title="Log in to Taberna"
      subtitle="Your cart comes with you: what you added as a guest stays in it."
      signupPath="/taberna/signup"
      forgotPath="/taberna/forgot-password"
      reason={params.get('message')}
      onLogin={async (values) => {
        try {
          const tokens = await loginShopOrAccount(values);
          clearAlert();
          useAuthStore.getState().login(tokens, 'taberna');
          // Contract §3.7: the guest cart joined the account; the client forgets its id.
          if (tokens.shopProfile) useCartIdStore.getState().setCartId(null);
          navigate(safeRedirect(params.get('redirect'), '/taberna'));
        } catch (error) {
          // A mistyped password must not cost the guest their cart.
          const cartId = currentCartId();
          useAuthStore.getState().clear();
          useCartIdStore.getState().setCartId(cartId);
          throw error;
        }
      }}
    />
  );
}
