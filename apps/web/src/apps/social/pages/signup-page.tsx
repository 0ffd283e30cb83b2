import { useNavigate } from 'react-router';
import { showAlert } from '../../../shared/alerts/alert-store';
import { register, registrationMessage } from '../../../shared/auth/api/register';
import { SignupForm } from '../../../shared/auth/signup-form';

export default function SignupPage() {
  const navigate = useNavigate();
  return (
    <SignupForm
      title="Join the Social Network"
      subtitle="Already shopping at Taberna? Use the same email and password to add a social profile."
      loginPath="/social/login"
      onSignup={async (values) => {
        const answer = await register('social_network', values);
        showAlert(registrationMessage(answer, values.email), 'success');
        navigate('/social/login');
      }}
    />
  );
}
