import type { AccountDataPart } from '../core/account-data/account-data.js';
import { keysetRows } from '../core/account-data/keyset-rows.js';
import { createNotificationsDataRepository } from './account-data.repository.js';
import { createNotificationsRepository } from './notifications.repository.js';

/** Notifications' share of a member's data (issue 26): every notification they got; erased with those that name them. */
export function notificationsDataPart(): AccountDataPart {
  return {
    area: 'notifications',
    tables: ['social_notifications'],

    async count({ accountId }, db) {
      const profileId = await createNotificationsRepository(db).recipientOf(accountId);
      return profileId === undefined ? 0 : createNotificationsDataRepository(db).count(profileId);
    },

    async entries({ accountId }, db) {
      const profileId = await createNotificationsRepository(db).recipientOf(accountId);
      if (profileId === undefined) return [];
      const repo = createNotificationsDataRepository(db);
      return [
        {
          path: 'notifications.json',
          rows: () =>
            keysetRows(
              (after: { at: Date; id: string } | undefined, limit) => repo.page(profileId, after, limit),
              (row) => ({ at: row.createdAt, id: row.id }),
              (row) => ({
                type: row.type,
                body: row.body,
                post_id: row.postId,
                is_read: row.isRead,
                created_at: row.createdAt.toISOString(),
              }),
            ),
        },
      ];
    },

    async erase({ accountId }, tx) {
      const profileId = await createNotificationsRepository(tx).recipientOf(accountId);
      if (profileId !== undefined) await createNotificationsDataRepository(tx).deleteAll(profileId);
      return {};
    },
  };
}
