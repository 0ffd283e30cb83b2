import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { useStaffRole } from '../auth/use-staff-role';
import type { NavItem } from './nav-item';

/** Issue 15: the back office in an app's menu, for staff and owners only (empty for everyone else). */
export function useBackofficeLink(): NavItem[] {
  const role = useStaffRole();
  if (role === null) return [];
  return [{ label: 'Back office', to: '/backoffice', icon: <AdminPanelSettingsIcon />, testId: 'nav-backoffice' }];
}
