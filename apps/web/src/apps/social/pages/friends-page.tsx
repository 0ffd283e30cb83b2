import GroupIcon from '@mui/icons-material/Group';
import { APP_NAMES } from '../../../shared/layout/app-names';
import { UpcomingFeature } from '../../../shared/ui/upcoming-feature';

export default function FriendsPage() {
  return <UpcomingFeature title="Friends lists are not open yet" appName={APP_NAMES.mainSocial} icon={<GroupIcon />} />;
}
