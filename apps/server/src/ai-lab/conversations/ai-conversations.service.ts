import type {
  AiAttachment,
  AiConversation,
  AiConversationSummary,
  AiGalleryItem,
  AiSavedMessage,
  AiSharedConversation,
} from '@portal/contracts';
import { AI_SHARED_PAGE_PATH } from '@portal/contracts';
import { randomBytes } from 'node:crypto';
import type { Deps } from '../../core/deps.js';
import { Invalid, NotFound, Unauthenticated } from '../../core/domain-errors.js';
import { UUID_PATTERN } from '../../core/ids.js';
import { publicOrigin } from '../../core/request-origin.js';
import type { Executor } from '../../db/client.js';
import { createAiMediaRepository } from '../ai-media.repository.js';
import type { ModelCatalogue } from '../models/model-catalogue.js';
import type { ChatTurn } from '../providers/ai-provider.js';
import {
  createAiConversationsRepository,
  searchQuery,
  type AiConversationRow,
  type AiMessageRow,
} from './ai-conversations.repository.js';
import { ConversationTree } from './conversation-tree.js';

const TITLE_LENGTH = 60;
/** How many earlier messages the engine sees (enough context, bounded cost). */
const HISTORY_LENGTH = 20;
const GALLERY_LENGTH = 200;

/** A new conversation's title: the start of its first question, on one line. */
export function titleOf(question: string): string {
  const line = question.replace(/\s+/g, ' ').trim();
  return line.length <= TITLE_LENGTH ? line : `${line.slice(0, TITLE_LENGTH - 1).trimEnd()}…`;
}

/** What a question carries besides its text. */
export interface QuestionExtras {
  attachments: AiAttachment[];
  pictures: string[];
}

/** The question being answered inside a saved conversation. */
export interface ChatThread {
  id: string;
  accountId: number;
  question: string;
  /** What the question carries (for an edit or a regeneration: the original question's). */
  extras: QuestionExtras;
  /** The messages before the question, for the engine's context. */
  history: ChatTurn[];
  /** Documents attached earlier in the branch, which the answer may still need. */
  earlierAttachments: AiAttachment[];
  /** The conversation's own model and instructions (null: the account's). */
  model: string | null;
  systemPrompt: string | null;
  /** Saves the answer (the whole of it, or what was streamed before a stop). */
  saveAnswer(answer: string, model: string): Promise<{ questionId: string; answerId: string } | undefined>;
}

/** How a question comes into a conversation: asked after the branch shown, an edit of one, or an answer again. */
export type Beginning =
  | {
      kind: 'ask';
      question: string;
      extras: QuestionExtras;
      conversationId?: string | null | undefined;
      regenerate?: boolean | undefined;
    }
  | { kind: 'edit'; conversationId: string; messageId: string; question: string }
  | { kind: 'regenerate'; conversationId: string; messageId: string };

const summary = (row: AiConversationRow): AiConversationSummary => ({
  id: row.id,
  title: row.title,
  updated_at: row.updatedAt.toISOString(),
});

const turn = (message: AiMessageRow): ChatTurn => ({ role: message.role, content: message.content });

/** Saved Funny Chat conversations of logged-in callers, and their gallery of generated media. */
export function createAiConversationsService(deps: Pick<Deps, 'db' | 'media' | 'config'>, models: ModelCatalogue) {
  const { db, media, config } = deps;
  const repo = createAiConversationsRepository(db);
  const mediaRepo = createAiMediaRepository(db);
  const shareUrl = (token: string | null) => (token ? `${publicOrigin(config.publicUrl)}${AI_SHARED_PAGE_PATH}${token}` : null);

  async function owned(accountId: number, id: string): Promise<AiConversationRow> {
    const row = UUID_PATTERN.test(id) ? await repo.find(accountId, id) : undefined;
    if (!row) throw new NotFound('Conversation not found.');
    return row;
  }

  function savedMessage({ node, version, versions }: { node: AiMessageRow; version: number; versions: number }): AiSavedMessage {
    return {
      id: node.id,
      role: node.role,
      content: node.content,
      version,
      versions,
      attachments: node.attachments,
      pictures: node.pictures,
      model: node.model,
    };
  }

  async function detail(row: AiConversationRow): Promise<AiConversation> {
    const tree = new ConversationTree(await repo.messages(row.id));
    return {
      id: row.id,
      title: row.title,
      messages: tree.branch(row.currentSeq).map(savedMessage),
      model: row.model,
      system_prompt: row.systemPrompt,
      share_url: shareUrl(row.shareToken),
    };
  }

  /** A message of the conversation by its id, of the role the action needs. */
  function messageOf(tree: ConversationTree<AiMessageRow>, messages: AiMessageRow[], id: string, role: 'user' | 'assistant') {
    const found = UUID_PATTERN.test(id) ? messages.find((message) => message.id === id.toLowerCase()) : undefined;
    if (!found) throw new NotFound('Message not found.');
    if (found.role !== role) {
      throw new Invalid(role === 'user' ? 'Only a question can be edited.' : 'Only an answer can be written again.');
    }
    return tree.get(found.seq)!;
  }

  /** The branch shown (or the one ending at `upTo`), as the export and the shared page give it. */
  async function branchOf(row: AiConversationRow, upTo: number | null = row.currentSeq): Promise<AiSavedMessage[]> {
    return new ConversationTree(await repo.messages(row.id)).branch(upTo).map(savedMessage);
  }

  /** The thread of a question about to be answered: saved first, so a stop keeps it. */
  async function thread(
    conversation: AiConversationRow,
    tree: ConversationTree<AiMessageRow>,
    question: { text: string; extras: QuestionExtras; parentSeq: number | null } | { existing: AiMessageRow },
  ): Promise<ChatThread> {
    const saved =
      'existing' in question
        ? question.existing
        : await db.transaction((tx: Executor) =>
            createAiConversationsRepository(tx).append(conversation, {
              role: 'user',
              content: question.text,
              parentSeq: question.parentSeq,
              attachments: question.extras.attachments,
              pictures: question.extras.pictures,
            }),
          );
    const before = saved.parentSeq === null ? [] : tree.branch(saved.parentSeq).map(({ node }) => node);
    return {
      id: conversation.id,
      accountId: conversation.accountId,
      question: saved.content,
      extras: { attachments: saved.attachments, pictures: saved.pictures },
      history: before.slice(-HISTORY_LENGTH).map(turn),
      earlierAttachments: before.flatMap((message) => message.attachments),
      model: conversation.model,
      systemPrompt: conversation.systemPrompt,
      saveAnswer: async (answer, model) => {
        if (!answer) return undefined;
        const written = await db.transaction((tx: Executor) =>
          createAiConversationsRepository(tx).append(conversation, {
            role: 'assistant',
            content: answer,
            parentSeq: saved.seq,
            model,
          }),
        );
        return { questionId: saved.id, answerId: written.id };
      },
    };
  }

  return {
    /**
     * Saves the caller's question in the conversation it continues (or a new one) before it is
     * answered. Anonymous callers keep their conversations in the browser: nothing is saved.
     */
    async begin(accountId: number | null, beginning: Beginning): Promise<ChatThread | null> {
      if (accountId === null) {
        if (beginning.kind !== 'ask' || beginning.conversationId) throw new Unauthenticated();
        return null;
      }
      if (beginning.kind === 'ask' && !beginning.conversationId) {
        const created = await repo.create(accountId, titleOf(beginning.question), null);
        return thread(created, new ConversationTree<AiMessageRow>([]), {
          text: beginning.question,
          extras: beginning.extras,
          parentSeq: null,
        });
      }
      const conversation = await owned(accountId, beginning.conversationId!);
      const messages = await repo.messages(conversation.id);
      const tree = new ConversationTree(messages);
      const shown = tree.branch(conversation.currentSeq).map(({ node }) => node);
      if (beginning.kind === 'edit') {
        const edited = messageOf(tree, messages, beginning.messageId, 'user');
        const extras = { attachments: edited.attachments, pictures: edited.pictures };
        return thread(conversation, tree, { text: beginning.question, extras, parentSeq: edited.parentSeq });
      }
      if (beginning.kind === 'regenerate') {
        const answer = messageOf(tree, messages, beginning.messageId, 'assistant');
        return thread(conversation, tree, { existing: tree.get(answer.parentSeq!)! });
      }
      const last = shown.at(-1);
      if (beginning.regenerate) {
        // The contract's "regenerate": the last question asked again (its earlier answer kept as a version).
        const lastQuestion = shown.findLast((message) => message.role === 'user');
        if (lastQuestion?.content === beginning.question) return thread(conversation, tree, { existing: lastQuestion });
        if (lastQuestion)
          return thread(conversation, tree, {
            text: beginning.question,
            extras: beginning.extras,
            parentSeq: lastQuestion.parentSeq,
          });
      }
      return thread(conversation, tree, { text: beginning.question, extras: beginning.extras, parentSeq: last?.seq ?? null });
    },

    /** A page of the caller's conversations; with `search`, those whose title or messages have its words. */
    async list(accountId: number, query: { search?: string | undefined; limit: number; before?: string | undefined }) {
      const search = query.search ? searchQuery(query.search) : undefined;
      if (query.search && !search) return [];
      return (await repo.list(accountId, { search, limit: query.limit, before: query.before })).map(summary);
    },

    async get(accountId: number, id: string): Promise<AiConversation> {
      return detail(await owned(accountId, id));
    },

    /** A new title, its own instructions or model (null: the account's again). */
    async update(
      accountId: number,
      id: string,
      change: { title?: string | undefined; system_prompt?: string | null | undefined; model?: string | null | undefined },
    ): Promise<AiConversation> {
      await owned(accountId, id);
      if (change.model) await models.chatModel(change.model);
      const row = await repo.update(accountId, id, {
        ...(change.title === undefined ? {} : { title: change.title }),
        ...(change.system_prompt === undefined ? {} : { systemPrompt: change.system_prompt }),
        ...(change.model === undefined ? {} : { model: change.model }),
      });
      if (!row) throw new NotFound('Conversation not found.');
      return detail(row);
    },

    /** Remembers the model a question was asked with, for the next ones. */
    async remember(accountId: number, id: string, model: string): Promise<void> {
      await repo.update(accountId, id, { model });
    },

    /** Shows the `version`-th version of a message, with its newest continuation. */
    async showVersion(accountId: number, id: string, messageId: string, version: number): Promise<AiConversation> {
      const conversation = await owned(accountId, id);
      const messages = await repo.messages(conversation.id);
      const tree = new ConversationTree(messages);
      const found = UUID_PATTERN.test(messageId) ? messages.find((message) => message.id === messageId.toLowerCase()) : undefined;
      if (!found) throw new NotFound('Message not found.');
      const siblings = tree.siblings(found);
      const chosen = siblings[version - 1];
      if (!chosen) throw Invalid.fields({ version: [`This message has ${siblings.length} version(s).`] });
      const row = await repo.showBranch(accountId, id, tree.newestLeaf(chosen).seq);
      if (!row) throw new NotFound('Conversation not found.');
      return detail(row);
    },

    /** Deletes a conversation; answers it as it was. */
    async remove(accountId: number, id: string): Promise<AiConversation> {
      const gone = await detail(await owned(accountId, id));
      if (!(await repo.remove(accountId, id))) throw new NotFound('Conversation not found.');
      return gone;
    },

    owned,
    detail,

    /** Shares the branch shown as it is now (later messages are not shared); answers the page's address. */
    async share(accountId: number, id: string): Promise<string> {
      const conversation = await owned(accountId, id);
      const leaf = new ConversationTree(await repo.messages(conversation.id)).branch(conversation.currentSeq).at(-1);
      if (!leaf) throw new Invalid('There is nothing to share in this conversation yet.');
      const row = await repo.share(accountId, id, randomBytes(24).toString('base64url'), leaf.node.seq);
      return shareUrl(row!.shareToken)!;
    },

    async unshare(accountId: number, id: string): Promise<void> {
      await owned(accountId, id);
      await repo.unshare(accountId, id);
    },

    /** What the public page of a shared conversation shows: its title, the first name of its owner and the messages. */
    async shared(token: string): Promise<AiSharedConversation> {
      const found = /^[A-Za-z0-9_-]{20,64}$/.test(token) ? await repo.findShared(token) : undefined;
      if (!found) throw new NotFound('This conversation is not shared.');
      const { conversation, firstName } = found;
      const messages = await branchOf(conversation, conversation.sharedSeq);
      return {
        title: conversation.title,
        first_name: firstName,
        shared_at: (conversation.sharedAt ?? conversation.updatedAt).toISOString(),
        messages: messages.map(({ role, content }) => ({ role, content })),
      };
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
