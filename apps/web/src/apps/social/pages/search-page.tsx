import SearchIcon from '@mui/icons-material/Search';
import { APP_NAMES } from '../../../shared/layout/app-names';
import { UpcomingFeature } from '../../../shared/ui/upcoming-feature';

export default function SearchPage() {
  return (
    <UpcomingFeature title="Searching people and posts is not open yet" appName={APP_NAMES.mainSocial} icon={<SearchIcon />} />
  );
}
