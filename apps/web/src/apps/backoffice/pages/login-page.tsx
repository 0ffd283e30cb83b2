import { useNavigate, useSearchParams } from 'react-router';
import { clearAlert } from '../../../shared/alerts/alert-store';
import { ApiError } from '../../../shared/api/api-client';
import { getMe } from '../../../shared/auth/api/get-me';
import { loginSocial } from '../../../shared/auth/api/login';
import { useAuthStore } from '../../../shared/auth/auth-store';
import { LoginForm } from '../../../shared/auth/login-form';
import { safeRedirect } from '../../../shared/auth/safe-redirect';

const isBackoffice = (path: string) =>
  path === '/backoffice' || path.startsWith('/backoffice/') || path.startsWith('/backoffice?');

/** Issue 26: the back office's own login (staff and owners), back to the page that asked for it. */
export default function BackofficeLoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <LoginForm
      title="Log in to the back office"
      subtitle="For the people who run the portal: staff and owners."
      forgotPath="/social/forgot-password"
      reason={params.get('message')}
      onLogin={async (values) => {
        const auth = useAuthStore.getState();
        try {
          // The account's own login: it needs no app profile.
          auth.login(await loginSocial(values), 'social');
        } catch (error) {
          auth.clear();
          throw error;
        }
        clearAlert();
        try {
          auth.setUser(await getMe());
        } catch (error) {
          if (!(error instanceof ApiError && error.status === 404)) {
            auth.clear();
            throw error;
          }
        }
        const back = safeRedirect(params.get('redirect'), '/backoffice');
        void navigate(isBackoffice(back) && !back.startsWith('/backoffice/login') ? back : '/backoffice');
      }}
    />
  );
}
