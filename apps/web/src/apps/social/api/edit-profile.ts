import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdated } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { meKey } from '../../../shared/api/query-keys';
import { socialRootKey } from './query-keys';

export interface ProfileChanges {
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  avatar: File | null;
  /** Issue 27: the bio, a new header picture, or taking the header away. */
  bio: string;
  header: File | null;
  removeHeader?: boolean;
}

/** Contract §4.7: multipart; without a new picture the form carries the text `avatar=null`. */
export function editProfile(changes: ProfileChanges, onUploadProgress?: (fraction: number) => void): Promise<ProfileUpdated> {
  const form = new FormData();
  for (const field of ['first_name', 'last_name', 'username', 'email', 'bio'] as const) form.append(field, changes[field]);
  form.append('avatar', changes.avatar ?? 'null');
  if (changes.header) form.append('header', changes.header);
  else if (changes.removeHeader) form.append('remove_header', 'true');
  return apiRequest<ProfileUpdated>('/api/social-profiles/editprofile/', { method: 'POST', form, onUploadProgress });
}

export function useEditProfile(onUploadProgress?: (fraction: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileChanges) => editProfile(changes, onUploadProgress),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: meKey });
      void client.invalidateQueries({ queryKey: socialRootKey });
    },
  });
}
