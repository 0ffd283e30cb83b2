import PasswordIcon from '@mui/icons-material/Password';
import { APP_NAMES } from '../../../shared/layout/app-names';
import { UpcomingFeature } from '../../../shared/ui/upcoming-feature';

export default function EditPasswordPage() {
  return (
    <UpcomingFeature title="Changing your password is not open yet" appName={APP_NAMES.mainSocial} icon={<PasswordIcon />} />
  );
}
