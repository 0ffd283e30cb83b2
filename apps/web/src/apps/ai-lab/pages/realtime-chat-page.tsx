import BoltIcon from '@mui/icons-material/Bolt';
import { APP_NAMES } from '../../../shared/layout/app-names';
import { UpcomingFeature } from '../../../shared/ui/upcoming-feature';

export default function RealtimeChatPage() {
  return <UpcomingFeature title="Realtime chat is not open yet" appName={APP_NAMES.mainAILab} icon={<BoltIcon />} />;
}
