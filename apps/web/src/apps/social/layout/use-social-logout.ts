import { useNavigate } from 'react-router';
import { logout } from '../../../shared/auth/logout';

/** Spec §4: social logout logs out, resets the profile data and goes to the social log-in page. */
export function useSocialLogout() {
  const navigate = useNavigate();
  return () => {
    logout();
    navigate('/social/login');
  };
}
