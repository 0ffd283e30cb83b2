import path from 'node:path';
import { AI_LAB_LIMITS, type AiAttachment } from '@portal/contracts';
import type { Deps } from '../../core/deps.js';
import { Invalid, NotFound } from '../../core/domain-errors.js';
import { UUID_PATTERN } from '../../core/ids.js';
import type { AiCaller } from '../ai-rate-limit.js';
import { createAttachmentsRepository, type AttachmentRow } from './attachments.repository.js';
import { measureDocument } from './document-facts.js';
import { decodeText, isPdf } from './document-text.js';
import { readPdfText } from './pdf-text.js';

/** Text kept of one document (a 10 MB text file is about this much). */
const MAX_CHARACTERS = 10_000_000;
const NAME_LENGTH = 200;

export interface UploadedDocument {
  filename: string;
  data: Buffer;
}

const wrongType = () => new Invalid('Attach a PDF, .txt, .md or .csv file.');
const notAvailable = () => new Invalid('A document attached to the question is not available any more. Attach it again.');

const describe = (row: AttachmentRow): AiAttachment => ({
  id: row.id,
  name: row.name,
  pages: row.pages,
  characters: row.characters,
});

/** Whether the caller may use an upload: their own, or an anonymous one (whose id is the key to it, as a picture's URL is). */
const usableBy = (row: AttachmentRow, accountId: number | null) => row.accountId === null || row.accountId === accountId;

/**
 * Documents attached to Funny Chat questions: their text is read on the server (PDF through
 * unpdf in a worker), kept in the database with what the built-in engine says about them, and
 * deleted after AI_MEDIA_TTL by the media purge job. The file itself is not kept.
 */
export function createAttachmentsService(deps: Pick<Deps, 'db'>) {
  const repo = createAttachmentsRepository(deps.db);

  return {
    async upload(file: UploadedDocument, caller: AiCaller): Promise<AiAttachment> {
      const name = path.basename(file.filename.replace(/\\/g, '/')).slice(0, NAME_LENGTH).trim() || 'document';
      const extension = path.extname(name).toLowerCase();
      if (!(AI_LAB_LIMITS.documentExtensions as readonly string[]).includes(extension)) throw wrongType();
      if (file.data.length === 0) throw new Invalid('The file is empty.');
      let kind: 'pdf' | 'text';
      let text: string;
      let pages = 1;
      let metadataTitle: string | undefined;
      if (extension === '.pdf') {
        if (!isPdf(file.data)) throw new Invalid('This file is not a PDF.');
        const pdf = await readPdfText(file.data, { maxPages: AI_LAB_LIMITS.maxDocumentPages, maxCharacters: MAX_CHARACTERS });
        kind = 'pdf';
        ({ text, pages, title: metadataTitle } = pdf);
      } else {
        if (isPdf(file.data)) throw wrongType();
        kind = 'text';
        text = decodeText(file.data).slice(0, MAX_CHARACTERS);
      }
      text = text.trim();
      if (!text) throw new Invalid(kind === 'pdf' ? 'This PDF has no text to read (a scan?).' : 'The file has no text.');
      const row = await repo.insert({
        accountId: caller.accountId,
        name,
        kind,
        pages,
        characters: text.length,
        text,
        summary: measureDocument(text, { kind, name, metadataTitle }),
      });
      return describe(row);
    },

    /** The documents of a question, in the order given: each must be one the caller may use. */
    async forQuestion(ids: string[], caller: AiCaller): Promise<AttachmentRow[]> {
      const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
      const rows = await repo.find(unique);
      return unique.map((id) => {
        const row = rows.find((candidate) => candidate.id === id);
        if (!row || !usableBy(row, caller.accountId)) throw notAvailable();
        return row;
      });
    },

    /** Documents attached earlier in a conversation (its owner's): those still kept. */
    async stillKept(attachments: AiAttachment[], accountId: number): Promise<AttachmentRow[]> {
      const rows = await repo.find([...new Set(attachments.map((attachment) => attachment.id))]);
      return rows.filter((row) => usableBy(row, accountId));
    },

    describe,

    /** Deletes an upload of the caller's; someone else's answers as if it did not exist. */
    async remove(id: string, caller: AiCaller): Promise<void> {
      const [row] = UUID_PATTERN.test(id) ? await repo.find([id.toLowerCase()]) : [];
      if (!row || !usableBy(row, caller.accountId)) throw new NotFound('Document not found.');
      await repo.remove(row.id);
    },
  };
}

export type AttachmentsService = ReturnType<typeof createAttachmentsService>;
