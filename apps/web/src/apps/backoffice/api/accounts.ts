import type { BoAccountRow, BoRoleRequest } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { downloadAccountData } from '../../../shared/auth/api/export-account';
import { useBoMutation } from './use-bo-mutation';

const accountPath = (id: number) => `/api/backoffice/accounts/${id}/`;

/** `POST …/accounts/{id}/suspend/` `{reason}`: its sessions end at once, its posts hide, it cannot log in. */
export const useSuspendAccount = () =>
  useBoMutation(
    ({ id, reason }: { id: number; reason: string }) =>
      apiRequest<BoAccountRow>(`${accountPath(id)}suspend/`, { method: 'POST', json: { reason } }),
    ['accounts', 'reports'],
  );

export const useReinstateAccount = () =>
  useBoMutation(
    (id: number) => apiRequest<BoAccountRow>(`${accountPath(id)}reinstate/`, { method: 'POST', json: {} }),
    ['accounts', 'reports'],
  );

/** Owners only: `null` takes the role away. */
export const useSetRole = () =>
  useBoMutation(
    ({ id, role }: { id: number } & BoRoleRequest) =>
      apiRequest<BoAccountRow>(`${accountPath(id)}role/`, { method: 'POST', json: { role } }),
    ['accounts'],
  );

/** Issue 26, on a member's request: their data as a ZIP (saved here), or `emailed` to them when it is very large. */
export const useExportMemberData = () =>
  useBoMutation(
    ({ id, reason, onBytes }: { id: number; reason: string; onBytes: (received: number) => void }) =>
      downloadAccountData(onBytes, `${accountPath(id)}export/`, { method: 'POST', json: { reason } }),
    [],
  );

/** Issue 26, on a member's request: deletes the account and everything personal (orders stay, anonymised). */
export const useDeleteMemberAccount = () =>
  useBoMutation(
    ({ id, reason }: { id: number; reason: string }) =>
      apiRequest<null>(`${accountPath(id)}delete/`, { method: 'POST', json: { reason } }),
    ['accounts', 'reports', 'orders'],
  );
