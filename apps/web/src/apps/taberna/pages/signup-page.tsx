import { useNavigate } from 'react-router';
import { showAlert } from '../../../shared/alerts/alert-store';
import { register, registrationMessage } from '../../../shared/auth/api/register';
import { SignupForm } from '../../../shared/auth/signup-form';

export default function SignupPage() {
  const navigate = useNavigate();
  return (
    <SignupForm
      title="Create your Taberna account"
      subtitle="We will send you an email with a link to activate your account."
      loginPath="/taberna/login"
      onSignup={async (values) => {
        const answer = await register('taberna', values);
        showAlert(registrationMessage(answer, values.email), 'success');
        navigate('/taberna/login');
      }}
    />
  );
}
