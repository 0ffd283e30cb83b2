import { showAlert } from '../../../shared/alerts/alert-store';
import { ApiError } from '../../../shared/api/api-client';
import { useSendFriendRequest } from '../api/send-friend-request';

/** Spec §8: "The request was sent!", "The request has already been sent!", or "You must be logged in!". */
export function useFriendRequest() {
  const send = useSendFriendRequest();
  return {
    pending: send.isPending,
    send(slug: string) {
      send.mutate(slug, {
        onSuccess: ({ message }) =>
          message === 'request already sent'
            ? showAlert('The request has already been sent!', 'error')
            : showAlert('The request was sent!', 'success'),
        onError: (error) =>
          showAlert(error instanceof ApiError && error.status !== 401 ? error.messages : 'You must be logged in!', 'error'),
      });
    },
  };
}
