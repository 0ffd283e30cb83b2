import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import { APP_NAMES } from '../../../shared/layout/app-names';
import { UpcomingFeature } from '../../../shared/ui/upcoming-feature';

export default function TrendPage() {
  return <UpcomingFeature title="Trends are not open yet" appName={APP_NAMES.mainSocial} icon={<TrendingUpIcon />} />;
}
