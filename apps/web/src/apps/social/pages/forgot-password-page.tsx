import { ForgotPasswordForm } from '../../../shared/auth/forgot-password-form';

export default function ForgotPasswordPage() {
  return <ForgotPasswordForm app="social" loginPath="/social/login" />;
}
