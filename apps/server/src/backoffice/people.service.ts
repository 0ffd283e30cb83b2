import type { z } from 'zod';
import {
  BO_MESSAGES,
  type BoAccountRow,
  type BoReportRow,
  type ListPage,
  type StaffRole,
  type boAccountQuerySchema,
  type boReportQuerySchema,
} from '@portal/contracts';
import type { AuthUser } from '../core/auth-user.js';
import type { Deps } from '../core/deps.js';
import { Conflict, Forbidden, NotFound } from '../core/domain-errors.js';
import { CHANNELS } from '../core/events/event-bus.js';
import { createPostModeration } from '../social/index.js';
import type { AuditedActions } from './audit-trail.js';
import { listPage, listRead } from './list-page.js';
import { createPeopleRepository, type AccountRow } from './people.repository.js';

const EXCERPT = 200;

/** Moderation (reported posts, suspensions) and the accounts list with roles. */
export function createPeopleService(
  { db, config, events, expensiveReads }: Pick<Deps, 'db' | 'config' | 'events' | 'expensiveReads'>,
  audited: AuditedActions,
) {
  const repo = createPeopleRepository(db);

  const accountAnswer = (row: AccountRow): BoAccountRow => ({
    id: row.id,
    email: row.email,
    username: row.username,
    full_name: `${row.firstName} ${row.lastName}`.trim(),
    role: row.role ?? null,
    suspended: row.suspendedAt !== null,
    suspended_at: row.suspendedAt?.toISOString() ?? null,
    suspension_reason: row.suspensionReason,
    is_active: row.isActive,
    date_joined: row.createdAt.toISOString(),
    last_login: row.lastLoginAt?.toISOString() ?? null,
  });

  const roleState = (row: AccountRow) => ({
    role: row.role ?? null,
    suspended: row.suspendedAt !== null,
    reason: row.suspensionReason,
  });

  async function lockedAccount(txRepo: ReturnType<typeof createPeopleRepository>, id: number) {
    const row = await txRepo.account(id, true);
    if (!row) throw new NotFound('No such account.');
    return row;
  }

  async function decidePost(actor: AuthUser, postId: string, decision: 'hide' | 'restore' | 'dismiss'): Promise<BoReportRow> {
    await audited(actor, async (tx, record) => {
      const txRepo = createPeopleRepository(tx);
      const before = await txRepo.post(postId, true);
      if (!before) throw new NotFound('No such post.');
      const moderation = createPostModeration(tx);
      if (decision === 'hide') await moderation.hide(postId);
      else if (decision === 'restore') await moderation.restore(postId);
      else await moderation.dismiss(postId);
      const after = (await txRepo.post(postId))!;
      await record({
        action: `post.${decision}`,
        target: `post:${postId}`,
        targetLabel: (before.body ?? '').slice(0, 80),
        before: { hidden: before.isHidden, moderation: before.moderation },
        after: { hidden: after.isHidden, moderation: after.moderation },
      });
    });
    return reportOf(postId);
  }

  async function reportsAnswer(rows: Awaited<ReturnType<typeof repo.listReports>>['rows']): Promise<BoReportRow[]> {
    const reporters = await repo.reportersOf(rows.map((row) => row.post.id));
    return rows.map(({ post, state, author }) => ({
      post_id: post.id,
      reports_count: post.reportsCount,
      hidden: post.isHidden,
      auto_hidden: post.isHidden && post.hiddenBy === 'reports',
      state,
      excerpt: (post.body ?? '').slice(0, EXCERPT),
      author: { id: author.id, username: author.username, email: author.email, suspended: author.suspendedAt !== null },
      reporters: reporters
        .filter((r) => r.postId === post.id)
        .map((r) => ({ username: r.username, reason: r.reason, created_at: r.createdAt.toISOString() })),
      post_created_at: post.createdAt.toISOString(),
      last_reported_at: (post.lastReportedAt ?? post.createdAt).toISOString(),
    }));
  }

  /** One post as a row of the queue (also when it has no reports: staff may hide any post). */
  async function reportOf(postId: string): Promise<BoReportRow> {
    const { rows } = await repo.listReportsOf(postId);
    const [answer] = await reportsAnswer(rows);
    return answer!;
  }

  return {
    async listAccounts(query: z.output<typeof boAccountQuerySchema>, url: string): Promise<ListPage<BoAccountRow>> {
      const listed = await listRead({ db, expensiveReads }, query, (reader) =>
        createPeopleRepository(reader).listAccounts(query),
      );
      return listPage(config.publicUrl, url, query, listed, listed.rows.map(accountAnswer));
    },

    /**
     * Suspends an account: its sessions end (its sockets close on every instance, as at logout),
     * every later use of its tokens and its login are refused with the reason, its posts are hidden.
     */
    async suspend(actor: AuthUser, id: number, reason: string): Promise<BoAccountRow> {
      const { answer, sessions } = await audited(actor, async (tx, record) => {
        const txRepo = createPeopleRepository(tx);
        // Owners first, in setRole's order: a suspension and a demotion at once cannot leave no usable owner.
        await txRepo.lockOwners();
        const before = await lockedAccount(txRepo, id);
        if (id === actor.accountId) throw new Conflict('You cannot suspend your own account.');
        if (before.role && actor.role !== 'owner') throw new Forbidden('Only an owner can suspend staff.');
        if (before.suspendedAt) throw new Conflict('This account is already suspended.');
        await txRepo.setSuspension(id, reason);
        const sessions = await txRepo.revokeSessions(id);
        // Audit S6: legacy `Token` keys are no session; left alone they worked again after reinstatement.
        const legacyKeys = await txRepo.deleteLegacyTokens(id);
        const hidden = await createPostModeration(tx).hideAllOf(id);
        const after = (await txRepo.account(id))!;
        await record({
          action: 'account.suspend',
          target: `account:${id}`,
          targetLabel: before.email,
          before: roleState(before),
          after: { ...roleState(after), posts_hidden: hidden, legacy_keys_deleted: legacyKeys },
        });
        return { answer: accountAnswer(after), sessions };
      });
      // Issue 27: its open sockets close at once with 4423 and the reason, which the web app shows as a page.
      if (sessions.length > 0) {
        await events.publish(CHANNELS.sessions, {
          type: 'session.revoked',
          sessionIds: sessions,
          suspended: BO_MESSAGES.suspended(reason),
        });
      }
      return answer;
    },

    async reinstate(actor: AuthUser, id: number): Promise<BoAccountRow> {
      return audited(actor, async (tx, record) => {
        const txRepo = createPeopleRepository(tx);
        const before = await lockedAccount(txRepo, id);
        // Audit S1: the same rule as suspend, or any staff member could undo an owner's suspension of staff.
        if (before.role && actor.role !== 'owner') throw new Forbidden('Only an owner can reinstate staff.');
        if (!before.suspendedAt) throw new Conflict('This account is not suspended.');
        await txRepo.setSuspension(id, null);
        const restored = await createPostModeration(tx).restoreSuspended(id);
        const after = (await txRepo.account(id))!;
        await record({
          action: 'account.reinstate',
          target: `account:${id}`,
          targetLabel: before.email,
          before: roleState(before),
          after: { ...roleState(after), posts_restored: restored },
        });
        return accountAnswer(after);
      });
    },

    /** Owners only (the route checks); the last usable (not suspended) owner cannot be demoted. */
    async setRole(actor: AuthUser, id: number, role: StaffRole | null): Promise<BoAccountRow> {
      return audited(actor, async (tx, record) => {
        const txRepo = createPeopleRepository(tx);
        const owners = await txRepo.lockOwners();
        const before = await lockedAccount(txRepo, id);
        const otherOwners = owners.filter((owner) => owner !== id);
        if (before.role === 'owner' && role !== 'owner' && otherOwners.length === 0) throw new Conflict(BO_MESSAGES.lastOwner);
        await txRepo.setRole(id, role);
        const after = (await txRepo.account(id))!;
        await record({
          action: 'account.role',
          target: `account:${id}`,
          targetLabel: before.email,
          before: roleState(before),
          after: roleState(after),
        });
        return accountAnswer(after);
      });
    },

    async listReports(query: z.output<typeof boReportQuerySchema>, url: string): Promise<ListPage<BoReportRow>> {
      const listed = await listRead({ db, expensiveReads }, query, (reader) => createPeopleRepository(reader).listReports(query));
      return listPage(config.publicUrl, url, query, listed, await reportsAnswer(listed.rows));
    },

    hide: (actor: AuthUser, postId: string) => decidePost(actor, postId, 'hide'),
    restore: (actor: AuthUser, postId: string) => decidePost(actor, postId, 'restore'),
    dismiss: (actor: AuthUser, postId: string) => decidePost(actor, postId, 'dismiss'),
  };
}

export type PeopleService = ReturnType<typeof createPeopleService>;
