import type { Readable } from 'node:stream';
import { ACCOUNT_DATA_MESSAGES } from '@portal/contracts';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../deps.js';
import { RateLimited } from '../domain-errors.js';
import { renderEmail } from '../mail/render-email.js';
import { sendInBackground } from '../mail/send-in-background.js';
import type { DataSubject, Erased, ExportEntry } from './account-data.js';
import { exportArchive } from './export-archive.js';
import { createExportFiles } from './export-files.js';

/** Exports built at once on one instance: each reads a whole account (an expensive read). */
const MAX_EXPORTS_AT_ONCE = 2;
const RETRY_SECONDS = 60;

const README = (subject: DataSubject, at: Date) =>
  [
    `Your data on the portal, as it was on ${at.toISOString()}.`,
    '',
    `Account: ${subject.email}`,
    '',
    'One folder per part of the portal. Each .json file is UTF-8 JSON: a document, or a list of',
    'records (oldest first). Pictures and voices are in the media folders, under the names the',
    'records use. Dates are ISO 8601 in UTC; money is in the shop currency with two decimals.',
    '',
  ].join('\n');

export type ExportAnswer = { kind: 'archive'; archive: Readable; filename: string } | { kind: 'queued' };

/**
 * Members' data (issue 26): the export and the erasure of one account, over every registered part.
 * Used by the member's own account routes and by the back office, which each check who may.
 */
export function createAccountDataService({
  db,
  media,
  mailer,
  log,
  config,
  secret,
  accountData,
}: Pick<Deps, 'db' | 'media' | 'mailer' | 'log' | 'config' | 'secret' | 'accountData'>) {
  const files = createExportFiles(config.dataDir, secret);
  const building = new Set<number>();
  const exportLink = (token: string) => `${config.publicUrl}/api/v1/account/export/download/${token}/`;

  async function entriesOf(subject: DataSubject): Promise<ExportEntry[]> {
    const lists = await Promise.all(
      accountData
        .parts()
        .map(async (part) =>
          (await part.entries(subject, db)).map((entry) => ({ ...entry, path: `${part.area}/${entry.path}` })),
        ),
    );
    return lists.flat();
  }

  async function size(subject: DataSubject): Promise<number> {
    const counts = await Promise.all(accountData.parts().map((part) => part.count(subject, db)));
    return counts.reduce((sum, count) => sum + count, 0);
  }

  /** One export per account, and a few per instance, at a time; `done` gives the place back. */
  function reserve(accountId: number): () => void {
    if (building.has(accountId)) throw new RateLimited(ACCOUNT_DATA_MESSAGES.exportBusy, RETRY_SECONDS);
    if (building.size >= MAX_EXPORTS_AT_ONCE) throw new RateLimited(ACCOUNT_DATA_MESSAGES.exportsBusy, RETRY_SECONDS);
    building.add(accountId);
    let released = false;
    return () => {
      if (!released) building.delete(accountId);
      released = true;
    };
  }

  async function buildInBackground(subject: DataSubject, firstName: string, done: () => void) {
    try {
      await files.purge();
      const { token, expiresAt } = await files.write(
        subject.accountId,
        exportArchive(await entriesOf(subject), media, README(subject, new Date())),
      );
      sendInBackground(
        { mailer, log },
        {
          to: subject.email,
          ...renderEmail({
            subject: 'Your data is ready to download',
            greeting: `Hi ${firstName},`,
            paragraphs: [
              'The copy of your data on the portal that you asked for is ready: one ZIP file with JSON documents and your pictures.',
            ],
            action: { label: 'Download your data', url: exportLink(token) },
            after: [
              `The link works until ${expiresAt.toUTCString()}. Anyone with it can download the file, so do not pass it on.`,
            ],
          }),
        },
        { accountId: subject.accountId },
      );
    } catch (error) {
      log.error({ err: error, accountId: subject.accountId }, 'account export failed');
    } finally {
      done();
    }
  }

  return {
    /**
     * The member's data as a ZIP stream, or, above ACCOUNT_EXPORT_INLINE_LIMIT rows and files, a
     * background build mailed as a link (`queued`).
     */
    async export(subject: DataSubject, firstName: string): Promise<ExportAnswer> {
      const done = reserve(subject.accountId);
      try {
        if ((await size(subject)) > config.accountExportInlineLimit) {
          void buildInBackground(subject, firstName, done);
          return { kind: 'queued' };
        }
        const archive = exportArchive(await entriesOf(subject), media, README(subject, new Date()));
        archive.once('close', done);
        archive.once('end', done);
        archive.once('error', done);
        const day = new Date().toISOString().slice(0, 10);
        return { kind: 'archive', archive, filename: `portal-data-${subject.accountId}-${day}.zip` };
      } catch (error) {
        done();
        throw error;
      }
    },

    /** A very large export's file, while its link is good. */
    download: (token: string) => files.open(token),

    /**
     * Deletes or anonymises everything of the account, every part in one transaction (the caller's,
     * so the back office writes its audit row in it too). Finish with {@link finishErase} after the commit.
     */
    async erase(subject: DataSubject, tx: Executor): Promise<Erased[]> {
      const erased: Erased[] = [];
      for (const part of accountData.eraseOrder()) erased.push(await part.erase(subject, tx));
      return erased;
    },

    /** After the commit: sessions announced ended, files deleted, the confirmation mailed. */
    async finishErase(subject: DataSubject, firstName: string, erased: Erased[]): Promise<void> {
      for (const part of erased) {
        await part
          .afterCommit?.()
          .catch((error: unknown) => log.error({ err: error }, 'account deletion: a step after the commit failed'));
      }
      const keys = erased.flatMap((part) => part.mediaKeys ?? []);
      for (const key of keys) {
        await media
          .delete(key)
          .catch((error: unknown) => log.error({ err: error, key }, 'account deletion: a file was not deleted'));
      }
      await files.purge(subject.accountId);
      sendInBackground(
        { mailer, log },
        {
          to: subject.email,
          ...renderEmail({
            subject: 'Your account has been deleted',
            greeting: `Hi ${firstName},`,
            paragraphs: [
              'Your portal account has been deleted, with your profiles, posts, comments, messages, pictures and AI conversations.',
              'Orders you placed are kept for the shop’s accounts, without your name, address, email or phone.',
            ],
            after: ['This is the last email you will get from us.'],
          }),
        },
        { accountId: subject.accountId },
      );
    },
  };
}

export type AccountDataService = ReturnType<typeof createAccountDataService>;
