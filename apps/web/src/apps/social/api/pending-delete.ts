import type { QueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import type { Post } from '@portal/contracts';
import { showAlert, showErrorAlert } from '../../../shared/alerts/alert-store';
import { meKey } from '../../../shared/api/query-keys';
import { deletePost } from './delete-post';
import { adjustPostsCount, updateListedPost } from './post-cache';
import { postKey, postListsKey, trendsKey } from './query-keys';

/** How long a deleted post can be brought back before the server deletes it for good. */
export const UNDO_MS = 5000;

type Target = Pick<Post, 'id' | 'created_by'>;

interface Pending {
  post: Target;
  client: QueryClient;
  timer: ReturnType<typeof setTimeout> | undefined;
}

interface PendingDeleteState {
  pending: Pending | null;
}

/**
 * Issue 16: a confirmed delete takes the post off the page at once, but the server is asked only
 * when the undo window ends (a deleted post and its pictures cannot come back, so nothing is sent
 * before the author is sure). Undo puts it back. A second delete, or leaving the page, sends the
 * waiting one at once.
 */
export const usePendingDelete = create<PendingDeleteState>(() => ({ pending: null }));

function refresh(client: QueryClient, postId: string, deleted: boolean) {
  if (deleted) client.removeQueries({ queryKey: postKey(postId) });
  void client.invalidateQueries({ queryKey: postListsKey, refetchType: deleted ? 'none' : 'active' });
  void client.invalidateQueries({ queryKey: meKey });
  void client.invalidateQueries({ queryKey: trendsKey });
}

/** Sends the waiting delete now (its window ended, or something else needs it settled). */
export async function commitPendingDelete(): Promise<void> {
  const pending = usePendingDelete.getState().pending;
  if (!pending) return;
  clearTimeout(pending.timer);
  usePendingDelete.setState({ pending: null });
  try {
    await deletePost(pending.post.id);
    refresh(pending.client, pending.post.id, true);
  } catch (error) {
    showErrorAlert(error);
    adjustPostsCount(pending.client, pending.post.created_by.slug, +1);
    refresh(pending.client, pending.post.id, false);
  }
}

/** The post leaves every list and its author's count at once; the server hears of it after UNDO_MS. */
export function scheduleDelete(client: QueryClient, post: Target, delayMs = UNDO_MS): void {
  void commitPendingDelete();
  updateListedPost(client, post.id, () => null);
  adjustPostsCount(client, post.created_by.slug, -1);
  const pending: Pending = { post, client, timer: undefined };
  if (delayMs > 0) pending.timer = setTimeout(() => void commitPendingDelete(), delayMs);
  usePendingDelete.setState({ pending });
}

/** Brings the waiting post back: nothing was sent, so the lists are simply read again. */
export function undoPendingDelete(): void {
  const pending = usePendingDelete.getState().pending;
  if (!pending) return;
  clearTimeout(pending.timer);
  usePendingDelete.setState({ pending: null });
  adjustPostsCount(pending.client, pending.post.created_by.slug, +1);
  refresh(pending.client, pending.post.id, false);
  showAlert('The post is back', 'info');
}

if (typeof window !== 'undefined') {
  // Closing or leaving the tab must not lose a delete the author confirmed.
  window.addEventListener('pagehide', () => void commitPendingDelete());
}
