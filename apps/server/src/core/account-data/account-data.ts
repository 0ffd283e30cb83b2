import type { Executor } from '../../db/client.js';

/** Whose data: the account, as it was when the export or the deletion started. */
export interface DataSubject {
  accountId: number;
  email: string;
}

/** One file of a member's export archive, read only when the archive reaches it. */
export type ExportEntry =
  /** A JSON document built at once (a profile, settings: small). */
  | { path: string; json: () => Promise<unknown> }
  /** A JSON array written row by row, read page by page (posts, messages, orders: may be long). */
  | { path: string; rows: () => AsyncIterable<unknown> }
  /** A stored media file (a picture, a voice), copied as it is. */
  | { path: string; media: string };

/** What an erase step leaves for after the transaction has committed. */
export interface Erased {
  /** Media keys to delete once the rows that named them are gone. */
  mediaKeys?: string[];
  /** Work that must not run before the commit (announcing ended sessions, removing files). */
  afterCommit?: () => Promise<void>;
}

/**
 * One domain's share of a member's data (issue 26, GDPR articles 15, 17 and 20). Each domain that
 * stores something about a person registers one part: what it exports, and how it deletes or
 * anonymises it. A domain added later only registers its own part; a test fails when a table that
 * refers to an account or a profile is claimed by no part.
 */
export interface AccountDataPart {
  /** The archive's folder for this part, and its name in logs. */
  area: string;
  /** The tables holding rows about a person that this part exports and erases. */
  tables: readonly string[];
  /** How many rows and files its export holds: the sum over parts tells a very large account. */
  count(subject: DataSubject, db: Executor): Promise<number>;
  entries(subject: DataSubject, db: Executor): Promise<ExportEntry[]>;
  /** Deletes or anonymises, inside the deletion's one transaction. */
  erase(subject: DataSubject, tx: Executor): Promise<Erased>;
}

/** Every part, in the order domains registered them. */
export interface AccountDataRegistry {
  register(part: AccountDataPart): void;
  /** Export order: as registered (the account first). */
  parts(): readonly AccountDataPart[];
  /**
   * Erase order: the reverse. Domains register after the ones they build on, so what depends on a
   * row (a notification naming a profile, an order naming an account) goes before the row itself.
   */
  eraseOrder(): readonly AccountDataPart[];
}

export function createAccountDataRegistry(): AccountDataRegistry {
  const parts: AccountDataPart[] = [];
  return {
    register(part) {
      if (parts.some((other) => other.area === part.area)) throw new Error(`account data: "${part.area}" is registered twice`);
      parts.push(part);
    },
    parts: () => parts,
    eraseOrder: () => [...parts].reverse(),
  };
}
