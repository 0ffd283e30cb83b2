import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import { APP_NAMES } from '../../../shared/layout/app-names';
import { UpcomingFeature } from '../../../shared/ui/upcoming-feature';

export default function EditProfilePage() {
  return (
    <UpcomingFeature title="Editing profiles is not open yet" appName={APP_NAMES.mainSocial} icon={<ManageAccountsIcon />} />
  );
}
