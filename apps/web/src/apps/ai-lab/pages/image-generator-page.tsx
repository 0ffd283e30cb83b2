import ImageIcon from '@mui/icons-material/Image';
import { APP_NAMES } from '../../../shared/layout/app-names';
import { UpcomingFeature } from '../../../shared/ui/upcoming-feature';

export default function ImageGeneratorPage() {
  return <UpcomingFeature title="The image generator is not open yet" appName={APP_NAMES.mainAILab} icon={<ImageIcon />} />;
}
