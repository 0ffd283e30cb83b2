import type { AiConversation, AiConversationSummary, AiGalleryItem } from '@portal/contracts';
import type { Deps } from '../core/deps.js';
import { NotFound, Unauthenticated } from '../core/domain-errors.js';
import type { Executor } from '../db/client.js';
import { createAiConversationsRepository, type AiConversationRow } from './ai-conversations.repository.js';
import { createAiMediaRepository } from './ai-media.repository.js';
import type { ChatTurn } from './providers/ai-provider.js';

const TITLE_LENGTH = 60;
/** How many earlier messages the engine sees (enough context, bounded cost). */
const HISTORY_LENGTH = 20;
const LIST_LENGTH = 200;
const GALLERY_LENGTH = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A new conversation's title: the start of its first question, on one line. */
export function titleOf(question: string): string {
  const line = question.replace(/\s+/g, ' ').trim();
  return line.length <= TITLE_LENGTH ? line : `${line.slice(0, TITLE_LENGTH - 1).trimEnd()}…`;
}

/** The question being answered inside a saved conversation. */
export interface ChatThread {
  id: string;
  /** The messages before the question, for the engine's context. */
  history: ChatTurn[];
  /** Saves the answer (the whole of it, or what was streamed before a stop). */
  saveAnswer(answer: string): Promise<void>;
}

const summary = (row: AiConversationRow): AiConversationSummary => ({
  id: row.id,
  title: row.title,
  updated_at: row.updatedAt.toISOString(),
});

/** Saved Funny Chat conversations of logged-in callers, and their gallery of generated media. */
export function createAiConversationsService(deps: Pick<Deps, 'db' | 'media'>) {
  const { db, media } = deps;
  const repo = createAiConversationsRepository(db);
  const mediaRepo = createAiMediaRepository(db);

  async function owned(accountId: number, id: string): Promise<AiConversationRow> {
    const row = UUID.test(id) ? await repo.find(accountId, id) : undefined;
    if (!row) throw new NotFound('Conversation not found.');
    return row;
  }

  const detail = async (row: AiConversationRow): Promise<AiConversation> => ({
    id: row.id,
    title: row.title,
    messages: await repo.messages(row.id),
  });

  return {
    /**
     * Saves the caller's question in the conversation it continues (or a new one) before it is
     * answered. Anonymous callers keep their conversations in the browser: nothing is saved.
     */
    async begin(
      accountId: number | null,
      request: { question: string; conversation_id?: string | null | undefined; regenerate?: boolean | undefined },
    ): Promise<ChatThread | null> {
      const { question, conversation_id: id, regenerate } = request;
      if (accountId === null) {
        if (id) throw new Unauthenticated();
        return null;
      }
      const conversation = id ? await owned(accountId, id) : await repo.create(accountId, titleOf(question));
      const history = await db.transaction(async (tx: Executor) => {
        const inTx = createAiConversationsRepository(tx);
        if (regenerate) await inTx.dropLastExchange(conversation.id);
        const earlier = await inTx.messages(conversation.id);
        await inTx.append(conversation.id, [{ role: 'user', content: question }]);
        return earlier.slice(-HISTORY_LENGTH);
      });
      return {
        id: conversation.id,
        history,
        saveAnswer: async (answer) => {
          if (answer) await repo.append(conversation.id, [{ role: 'assistant', content: answer }]);
        },
      };
    },

    async list(accountId: number): Promise<AiConversationSummary[]> {
      return (await repo.list(accountId, LIST_LENGTH)).map(summary);
    },

    async get(accountId: number, id: string): Promise<AiConversation> {
      return detail(await owned(accountId, id));
    },

    async rename(accountId: number, id: string, title: string): Promise<AiConversation> {
      await owned(accountId, id);
      const row = await repo.rename(accountId, id, title);
      if (!row) throw new NotFound('Conversation not found.');
      return detail(row);
    },

    /** Deletes a conversation; answers it as it was. */
    async remove(accountId: number, id: string): Promise<AiConversation> {
      const gone = await detail(await owned(accountId, id));
      if (!(await repo.remove(accountId, id))) throw new NotFound('Conversation not found.');
      return gone;
    },

    /** The caller's generated pictures and voices, newest first, with the URLs of their stored files. */
    async gallery(accountId: number): Promise<AiGalleryItem[]> {
      const rows = await mediaRepo.generatedBy(accountId, GALLERY_LENGTH);
      return rows.map((row) => ({
        kind: row.kind as AiGalleryItem['kind'],
        url: media.url(row.key),
        prompt: row.prompt ?? '',
        created_at: row.createdAt.toISOString(),
      }));
    },
  };
}

export type AiConversationsService = ReturnType<typeof createAiConversationsService>;
