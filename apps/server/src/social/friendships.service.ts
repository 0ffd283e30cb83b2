import type { CanSendFriendshipRequest, FriendsAnswer, FriendshipAnswer, Profile } from '@portal/contracts';
import type { Deps } from '../core/deps.js';
import { Conflict, Invalid, NotFound } from '../core/domain-errors.js';
import { uniqueViolation } from '../db/errors.js';
import type { NotificationsService } from '../notifications/index.js';
import { createFriendshipsRepository, type RequestStatus } from './friendships.repository.js';
import { actorOf, fullNameOf, serializeProfile } from './profile.serializer.js';
import { createProfilesRepository, type ProfileRow } from './profiles.repository.js';

const SUGGESTIONS = 10;
/** Contract §4.4: rejected requests are purged after seven days. */
export const REJECTED_REQUEST_TTL_MS = 7 * 86_400_000;

/**
 * Contract §5.4: false for anonymous callers and friends; with a request either way, false or
 * "rejected"; true otherwise (also on your own profile, where the page hides the button).
 */
export function canSendRequestGiven(
  viewer: ProfileRow | null,
  target: Pick<ProfileRow, 'id'>,
  friends: boolean,
  requestStatuses: readonly RequestStatus[],
): CanSendFriendshipRequest {
  if (!viewer) return false;
  if (viewer.id === target.id) return true;
  if (friends) return false;
  if (requestStatuses.length === 0) return true;
  return requestStatuses.includes('rejected') ? 'rejected' : false;
}

export function createFriendshipsService({ db, media }: Pick<Deps, 'db' | 'media'>, notifications: NotificationsService) {
  const profiles = createProfilesRepository(db);
  const friendships = createFriendshipsRepository(db);
  const toProfile = (row: ProfileRow): Profile => serializeProfile(row, media);

  async function profileBySlug(slug: string): Promise<ProfileRow> {
    const profile = await profiles.findBySlug(slug);
    if (!profile) throw new NotFound();
    return profile;
  }

  return {
    profileBySlug,

    /** Contract §4.2. "already sent" whenever the caller already asked this person. */
    async sendRequest(viewer: ProfileRow, slug: string): Promise<'created' | 'already-sent'> {
      const target = await profileBySlug(slug);
      if (target.id === viewer.id) throw new Invalid('You cannot send a friend request to yourself.');
      if (await friendships.areFriends(viewer.id, target.id)) throw new Conflict('You are already friends.');
      const requests = await friendships.requestsBetween(viewer.id, target.id);
      if (requests.some((request) => request.createdById === viewer.id)) return 'already-sent';
      const theirs = requests.find((request) => request.createdById === target.id);
      if (theirs?.status === 'sent') {
        throw new Conflict(`${fullNameOf(target)} has already sent you a friend request: accept it on your friends page.`);
      }
      try {
        await db.transaction(async (tx) => {
          const repo = createFriendshipsRepository(tx);
          // A request of theirs that the caller once rejected gives way to the caller's own.
          if (theirs) await repo.deleteRequest(theirs.id);
          await repo.insertRequest(viewer.id, target.id);
        });
      } catch (error) {
        if (uniqueViolation(error) !== undefined) return 'already-sent';
        throw error;
      }
      await notifications.notify({ type: 'new_friendrequest', to: target.id, actor: actorOf(viewer) });
      return 'created';
    },

    /** Contract §4.4: only the person a pending request was sent to may answer it. */
    async answer(viewer: ProfileRow, requesterSlug: string, status: FriendshipAnswer): Promise<void> {
      const requester = await profileBySlug(requesterSlug);
      await db.transaction(async (tx) => {
        const repo = createFriendshipsRepository(tx);
        const request = await repo.pendingRequestForUpdate(requester.id, viewer.id);
        if (!request) throw new NotFound();
        if (status === 'rejected') return repo.setStatus([request.id], 'rejected');
        const crossing = (await repo.requestsBetween(viewer.id, requester.id)).filter(
          (other) => other.id !== request.id && other.status === 'sent',
        );
        await repo.setStatus([request.id, ...crossing.map((other) => other.id)], 'accepted');
        await repo.befriend(requester.id, viewer.id);
      });
      await notifications.notify({
        type: status === 'accepted' ? 'accepted_friendrequest' : 'rejected_friendrequest',
        to: requester.id,
        actor: actorOf(viewer),
      });
    },

    /** Contract §4.3: a profile, its friends, and (on your own) the requests waiting for you. */
    async friendsOf(viewer: ProfileRow, slug: string): Promise<FriendsAnswer> {
      const user = await profileBySlug(slug);
      const [friends, requests] = await Promise.all([
        friendships.friendsOf(user.id),
        user.id === viewer.id ? friendships.pendingFor(viewer.id) : Promise.resolve([]),
      ]);
      return {
        user: toProfile(user),
        friends: friends.map(toProfile),
        requests: requests.map((request) => ({ id: request.id, created_by: toProfile(request.sender) })),
      };
    },

    /**
     * Contract §5.4: false for anonymous callers and friends; with a request either way, false or
     * "rejected"; true otherwise (also on your own profile, where the page hides the button).
     */
    async canSendRequest(viewer: ProfileRow | null, target: ProfileRow): Promise<CanSendFriendshipRequest> {
      if (!viewer || viewer.id === target.id) return canSendRequestGiven(viewer, target, false, []);
      const [friends, requests] = await Promise.all([
        friendships.areFriends(viewer.id, target.id),
        friendships.requestsBetween(viewer.id, target.id),
      ]);
      return canSendRequestGiven(
        viewer,
        target,
        friends,
        requests.map((request) => request.status),
      );
    },

    async suggestions(viewer: ProfileRow): Promise<Profile[]> {
      return (await friendships.suggestionsFor(viewer.id, SUGGESTIONS)).map(toProfile);
    },

    purgeRejected: () => friendships.purgeRejected(new Date(Date.now() - REJECTED_REQUEST_TTL_MS)),
  };
}

export type FriendshipsService = ReturnType<typeof createFriendshipsService>;
