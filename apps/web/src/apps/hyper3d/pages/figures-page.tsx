import ViewInArIcon from '@mui/icons-material/ViewInAr';
import { APP_NAMES } from '../../../shared/layout/app-names';
import { UpcomingFeature } from '../../../shared/ui/upcoming-feature';

export default function FiguresPage() {
  return <UpcomingFeature title="Figures are not open yet" appName={APP_NAMES.mainHyper3d} icon={<ViewInArIcon />} />;
}
