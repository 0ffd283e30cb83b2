import AnimationIcon from '@mui/icons-material/Animation';
import { APP_NAMES } from '../../../shared/layout/app-names';
import { UpcomingFeature } from '../../../shared/ui/upcoming-feature';

export default function AnimatePage() {
  return <UpcomingFeature title="Animation is not open yet" appName={APP_NAMES.mainHyper3d} icon={<AnimationIcon />} />;
}
