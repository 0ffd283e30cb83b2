import PersonIcon from '@mui/icons-material/Person';
import { APP_NAMES } from '../../../shared/layout/app-names';
import { UpcomingFeature } from '../../../shared/ui/upcoming-feature';

export default function ProfilePage() {
  return <UpcomingFeature title="Profile pages are not open yet" appName={APP_NAMES.mainSocial} icon={<PersonIcon />} />;
}
