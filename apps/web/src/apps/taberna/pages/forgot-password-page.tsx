import { ForgotPasswordForm } from '../../../shared/auth/forgot-password-form';

export default function ForgotPasswordPage() {
  return <ForgotPasswordForm app="taberna" loginPath="/taberna/login" />;
}
