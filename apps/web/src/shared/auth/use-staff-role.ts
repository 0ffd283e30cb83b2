import type { AccountRole } from '@portal/contracts';
import { useAccount } from './api/account';

/**
 * The logged-in account's role (issue 15): `staff` or `owner` run the portal and see the back office
 * in the menus; `null` for everyone else, and while logged out or loading.
 */
export function useStaffRole(): AccountRole {
  return useAccount().data?.role ?? null;
}
