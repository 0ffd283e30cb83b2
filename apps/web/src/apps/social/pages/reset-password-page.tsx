import { ResetPasswordForm } from '../../../shared/auth/reset-password-form';

export default function ResetPasswordPage() {
  return <ResetPasswordForm loginPath="/social/login" forgotPath="/social/forgot-password" />;
}
