import ArticleIcon from '@mui/icons-material/Article';
import { APP_NAMES } from '../../../shared/layout/app-names';
import { UpcomingFeature } from '../../../shared/ui/upcoming-feature';

export default function PostPage() {
  return <UpcomingFeature title="Posts are not open yet" appName={APP_NAMES.mainSocial} icon={<ArticleIcon />} />;
}
