import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import { APP_NAMES } from '../../../shared/layout/app-names';
import { UpcomingFeature } from '../../../shared/ui/upcoming-feature';

export default function LocalModelPage() {
  return (
    <UpcomingFeature title="The local model viewer is not open yet" appName={APP_NAMES.mainHyper3d} icon={<FolderOpenIcon />} />
  );
}
