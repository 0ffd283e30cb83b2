import { useQuery } from '@tanstack/react-query';
import type { AiGalleryItem } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { useIsLoggedIn } from '../../../shared/auth/auth-store';
import { galleryKey } from './query-keys';

/** The caller's generated pictures and voices, newest first (logged-in people only). */
export function getGallery(): Promise<AiGalleryItem[]> {
  return apiRequest<AiGalleryItem[]>('/ai-lab/gallery/');
}

export function useGallery() {
  const loggedIn = useIsLoggedIn();
  return useQuery({ queryKey: galleryKey, queryFn: getGallery, enabled: loggedIn });
}
