import RecordVoiceOverIcon from '@mui/icons-material/RecordVoiceOver';
import { APP_NAMES } from '../../../shared/layout/app-names';
import { UpcomingFeature } from '../../../shared/ui/upcoming-feature';

export default function VoiceGeneratorPage() {
  return (
    <UpcomingFeature title="The voice generator is not open yet" appName={APP_NAMES.mainAILab} icon={<RecordVoiceOverIcon />} />
  );
}
