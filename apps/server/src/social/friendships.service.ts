import {
  SOCIAL_MESSAGES,
  type CanSendFriendshipRequest,
  type FriendsAnswer,
  type FriendshipAnswer,
  type Profile,
} from '@portal/contracts';
import type { Deps } from '../core/deps.js';
import { Conflict, Forbidden, Invalid, NotFound } from '../core/domain-errors.js';
import { uniqueViolation } from '../db/errors.js';
import type { NotificationsService } from '../notifications/index.js';
import { createFriendshipsRepository, type RequestStatus } from './friendships.repository.js';
import { actorOf, fullNameOf, serializeProfile, serializeProfileDetail } from './profile.serializer.js';
import { createProfilesRepository, type ProfileRow } from './profiles.repository.js';
import { createRelationsRepository } from './relations.repository.js';

const SUGGESTIONS = 10;
const MENTION_SUGGESTIONS = 8;
/** Issue 27: who counts as active for "People you may know" when friends of friends run out. */
const ACTIVE_WITHIN_MS = 30 * 86_400_000;
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
  const relations = createRelationsRepository(db);
  const toProfile = (row: ProfileRow): Profile => serializeProfile(row, media);

  async function profileBySlug(slug: string): Promise<ProfileRow> {
    const profile = await profiles.findBySlug(slug);
    if (!profile) throw new NotFound();
    return profile;
  }

  /** Issue 27: no friend request between two people one of whom blocked the other (403). */
  async function refuseBlocked(a: ProfileRow, b: ProfileRow) {
    if (await relations.blockedBetween(a.id, b.id)) throw new Forbidden(SOCIAL_MESSAGES.blockedRequest);
  }

  return {
    profileBySlug,

    /** Contract §4.2. "already sent" whenever the caller already asked this person. */
    async sendRequest(viewer: ProfileRow, slug: string): Promise<'created' | 'already-sent'> {
      const target = await profileBySlug(slug);
      if (target.id === viewer.id) throw new Invalid('You cannot send a friend request to yourself.');
      await refuseBlocked(viewer, target);
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
      await refuseBlocked(viewer, requester);
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

    /**
     * Contract §4.3: a profile, its friends, and (on your own) the requests waiting for you. Issue 27:
     * not there (404) between two people one of whom blocked the other; nobody in the lists who is.
     */
    async friendsOf(viewer: ProfileRow, slug: string): Promise<FriendsAnswer> {
      const user = await profiles.detailBySlug(slug, viewer.id);
      if (!user) throw new NotFound();
      const [friends, requests] = await Promise.all([
        friendships.friendsOf(user.id, viewer.id),
        user.id === viewer.id ? friendships.pendingFor(viewer.id) : Promise.resolve([]),
      ]);
      return {
        user: serializeProfileDetail(user, media),
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

    /** Friends of friends; when there are none (issue 27: a newcomer), active, well-connected people. */
    async suggestions(viewer: ProfileRow): Promise<Profile[]> {
      const found = await friendships.suggestionsFor(viewer.id, SUGGESTIONS);
      const people =
        found.length > 0
          ? found
          : await friendships.wellConnectedFor(viewer.id, new Date(Date.now() - ACTIVE_WITHIN_MS), SUGGESTIONS);
      return people.map(toProfile);
    },

    /** Issue 27: whom the composer offers as `@` and `text` are typed (a few, friends first). */
    async mentionSuggestions(viewer: ProfileRow, text: string): Promise<Profile[]> {
      return (await profiles.mentionCandidates(viewer.id, text, MENTION_SUGGESTIONS)).map(toProfile);
    },

    purgeRejected: () => friendships.purgeRejected(new Date(Date.now() - REJECTED_REQUEST_TTL_MS)),
  };
}

export type FriendshipsService = ReturnType<typeof createFriendshipsService>;
