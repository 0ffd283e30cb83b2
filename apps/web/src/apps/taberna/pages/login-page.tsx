import { useNavigate, useSearchParams } from 'react-router';
import { clearAlert } from '../../../shared/alerts/alert-store';
import { loginShop } from '../../../shared/auth/api/login';
import { STORAGE_KEYS } from '../../../shared/auth/auth-storage';
import { useAuthStore } from '../../../shared/auth/auth-store';
import { LoginForm } from '../../../shared/auth/login-form';
import { safeRedirect } from '../../../shared/auth/safe-redirect';

export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <LoginForm
      title="Log in to Taberna"
      subtitle="Your cart comes with you: what you added as a guest stays in it."
      signupPath="/taberna/signup"
      reason={params.get('message')}
      onLogin={async (values) => {
        try {
          const tokens = await loginShop(values);
          clearAlert();
          useAuthStore.getState().login(tokens, 'taberna');
          localStorage.removeItem(STORAGE_KEYS.cartId);
          navigate(safeRedirect(params.get('redirect'), '/taberna'));
        } catch (error) {
          useAuthStore.getState().clear();
          throw error;
        }
      }}
    />
  );
}
