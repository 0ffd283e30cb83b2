import ChatIcon from '@mui/icons-material/Chat';
import { APP_NAMES } from '../../../shared/layout/app-names';
import { UpcomingFeature } from '../../../shared/ui/upcoming-feature';

export default function ChatPage() {
  return <UpcomingFeature title="Chat is not open yet" appName={APP_NAMES.mainSocial} icon={<ChatIcon />} />;
}
