import { ResetPasswordForm } from '../../../shared/auth/reset-password-form';

export default function ResetPasswordPage() {
  return <ResetPasswordForm loginPath="/taberna/login" forgotPath="/taberna/forgot-password" />;
}
