import { useNavigate, useSearchParams } from 'react-router';
import { clearAlert } from '../../../shared/alerts/alert-store';
import { ApiError } from '../../../shared/api/api-client';
import { getMe } from '../../../shared/auth/api/get-me';
import { loginSocial } from '../../../shared/auth/api/login';
import { useAuthStore } from '../../../shared/auth/auth-store';
import { safeRedirect } from '../../../shared/auth/safe-redirect';
import { LoginForm } from '../../../shared/auth/login-form';

export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <LoginForm
      title="Log in to the Social Network"
      subtitle="See what your friends are up to."
      signupPath="/social/signup"
      forgotPath="/social/forgot-password"
      reason={params.get('message')}
      onLogin={async (values) => {
        const auth = useAuthStore.getState();
        try {
          auth.login(await loginSocial(values), 'social');
        } catch (error) {
          auth.clear();
          throw error;
        }
        clearAlert();
        try {
          auth.setUser(await getMe());
        } catch (error) {
          // An account without a social profile stays logged in; the home page offers the join.
          if (!(error instanceof ApiError && error.status === 404)) {
            auth.clear();
            throw error;
          }
        }
        // Back to the social page that asked for the login (issue 16), or to the back office, whose
        // login this is (issue 15); never to another app or host.
        const back = safeRedirect(params.get('redirect'), '/social/home');
        const ours =
          back.startsWith('/social/') ||
          back === '/backoffice' ||
          back.startsWith('/backoffice/') ||
          back.startsWith('/backoffice?');
        navigate(ours ? back : '/social/home');
      }}
    />
  );
}
