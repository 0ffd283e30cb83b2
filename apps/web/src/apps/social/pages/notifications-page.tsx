import NotificationsIcon from '@mui/icons-material/Notifications';
import { APP_NAMES } from '../../../shared/layout/app-names';
import { UpcomingFeature } from '../../../shared/ui/upcoming-feature';

export default function NotificationsPage() {
  return <UpcomingFeature title="Notifications are not open yet" appName={APP_NAMES.mainSocial} icon={<NotificationsIcon />} />;
}
