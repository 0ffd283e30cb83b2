import { SOCKET_CLOSE_CODES, type ProfileListPage } from '@portal/contracts';
import type { Deps } from '../core/deps.js';
import { Invalid, NotFound } from '../core/domain-errors.js';
import { CHANNELS } from '../core/events/event-bus.js';
import { publicOrigin } from '../core/request-origin.js';
import { createChatRepository } from './chat.repository.js';
import { invalidPage } from './pagination.js';
import { serializeProfileDetail } from './profile.serializer.js';
import { createProfilesRepository, type ProfileRow } from './profiles.repository.js';
import { createRelationsRepository, type RelationCursor, type RelationKind } from './relations.repository.js';

/** How many people a page of the blocked or muted list shows at most, and by default. */
export const RELATION_PAGE_SIZE = { default: 20, max: 100 } as const;

const CURSOR = /^(\d{1,15})\.(\d{1,10})$/;

function readCursor(text: string | undefined): RelationCursor | null {
  if (text === undefined || text === '') return null;
  const match = CURSOR.exec(text);
  if (!match) throw invalidPage();
  return { createdAt: new Date(Number(match[1])), targetId: Number(match[2]) };
}

/**
 * Issue 27: blocking and muting, as Mastodon has them. A block ends the friendship and the friend
 * requests between the two, and closes the chat sockets of their conversation; from then on each is
 * hidden from the other everywhere (`db/relations.ts`). A mute hides the muted person's posts,
 * comments and notifications from the muter only.
 */
export function createRelationsService({ db, media, events, config }: Pick<Deps, 'db' | 'media' | 'events' | 'config'>) {
  const profiles = createProfilesRepository(db);
  const relations = createRelationsRepository(db);
  const chats = createChatRepository(db);

  /** The person to block or mute: whoever has the slug, even someone who already blocked the caller. */
  async function targetOf(viewer: ProfileRow, slug: string, what: string): Promise<ProfileRow> {
    const target = await profiles.findBySlug(slug);
    if (!target) throw new NotFound();
    if (target.id === viewer.id) throw new Invalid(`You cannot ${what} yourself.`);
    return target;
  }

  return {
    async block(viewer: ProfileRow, slug: string): Promise<void> {
      const target = await targetOf(viewer, slug, 'block');
      const blocked = await db.transaction((tx) => createRelationsRepository(tx).block(viewer.id, target.id));
      if (!blocked) return;
      // An open chat of the two stops at once, on every instance; sending and opening it are refused from now on.
      const conversation = await chats.between(viewer.id, target.id);
      if (conversation) {
        await events.publish(CHANNELS.chat(conversation.id), {
          type: 'channel.closed',
          code: SOCKET_CLOSE_CODES.forbidden,
          reason: 'Blocked',
        });
      }
    },

    async mute(viewer: ProfileRow, slug: string): Promise<void> {
      const target = await targetOf(viewer, slug, 'mute');
      await relations.mute(viewer.id, target.id);
    },

    /** Takes a block or a mute back (nothing happens when there was none). */
    async remove(kind: RelationKind, viewer: ProfileRow, slug: string): Promise<void> {
      const target = await targetOf(viewer, slug, kind === 'block' ? 'unblock' : 'unmute');
      await relations.remove(kind, viewer.id, target.id);
    },

    /** The people the viewer blocked or muted, the latest first, a page at a time (`next` carries a keyset cursor). */
    async list(
      kind: RelationKind,
      viewer: ProfileRow,
      query: { cursor?: string | undefined; page_size?: string | undefined },
    ): Promise<ProfileListPage> {
      const requested = Number.parseInt(query.page_size ?? '', 10);
      const size = requested > 0 ? Math.min(requested, RELATION_PAGE_SIZE.max) : RELATION_PAGE_SIZE.default;
      const rows = await relations.list(kind, viewer.id, readCursor(query.cursor), size);
      const shown = rows.slice(0, size);
      const last = shown.at(-1);
      let next: string | null = null;
      if (rows.length > size && last) {
        const url = new URL(`/api/social-profiles/${kind}s/`, `${publicOrigin(config.publicUrl)}/`);
        url.searchParams.set('cursor', `${last.since.getTime()}.${last.id}`);
        if (query.page_size) url.searchParams.set('page_size', String(size));
        next = url.toString();
      }
      return {
        next,
        results: shown.map((row) => serializeProfileDetail(row, media)),
      };
    },
  };
}

export type RelationsService = ReturnType<typeof createRelationsService>;
