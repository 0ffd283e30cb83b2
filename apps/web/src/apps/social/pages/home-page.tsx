import DynamicFeedIcon from '@mui/icons-material/DynamicFeed';
import { APP_NAMES } from '../../../shared/layout/app-names';
import { UpcomingFeature } from '../../../shared/ui/upcoming-feature';

export default function HomePage() {
  return <UpcomingFeature title="The feed is not open yet" appName={APP_NAMES.mainSocial} icon={<DynamicFeedIcon />} />;
}
