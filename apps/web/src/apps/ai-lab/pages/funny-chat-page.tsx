import EmojiEmotionsIcon from '@mui/icons-material/EmojiEmotions';
import { APP_NAMES } from '../../../shared/layout/app-names';
import { UpcomingFeature } from '../../../shared/ui/upcoming-feature';

export default function FunnyChatPage() {
  return <UpcomingFeature title="Funny Chat is not open yet" appName={APP_NAMES.mainAILab} icon={<EmojiEmotionsIcon />} />;
}
