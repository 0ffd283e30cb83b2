import type { Deps } from '../../core/deps.js';
import type { AiLabService } from '../ai-lab.service.js';
import type { AiCaller } from '../ai-rate-limit.js';
import type { AiConversationsService, Beginning, ChatThread } from '../conversations/ai-conversations.service.js';
import type { AttachmentRow } from '../documents/attachments.repository.js';
import type { AttachmentsService } from '../documents/attachments.service.js';
import type { ModelCatalogue } from '../models/model-catalogue.js';
import type { AiProvider, ChatPicture } from '../providers/ai-provider.js';
import type { AiSettingsService } from '../settings/ai-settings.service.js';
import { documentBudget, fitDocuments } from './document-context.js';

/** A question ready to be answered: where it is saved, the answer's pieces, and how to keep the answer. */
export interface PreparedAnswer {
  conversationId: string | null;
  answer(signal: AbortSignal): AsyncIterable<string>;
  /** Saves the answer (also a stopped one's beginning); the ids of the saved question and answer. */
  save(answer: string): Promise<{ questionId: string; answerId: string } | undefined>;
}

/** What a new question brings: pictures by URL and documents by id, checked before anything is saved. */
export interface AskInput {
  question: string;
  prompt_images: string[];
  attachment_ids?: string[] | undefined;
  conversation_id?: string | null | undefined;
  regenerate?: boolean | undefined;
  model?: string | undefined;
}

interface Dependencies {
  deps: Pick<Deps, 'config'>;
  provider: AiProvider;
  lab: AiLabService;
  conversations: AiConversationsService;
  attachments: AttachmentsService;
  settings: AiSettingsService;
  models: ModelCatalogue;
}

/**
 * Funny Chat's answers: a new question, an edited one or an answer written again. Chooses the model
 * (the one asked for, else the conversation's, the account's, the server's), gives it the person's
 * instructions and the documents of the branch (cut to its context), and saves both sides.
 */
export function createFunnyChatService({ deps, provider, lab, conversations, attachments, settings, models }: Dependencies) {
  async function prepare(
    caller: AiCaller,
    beginning: Beginning,
    asked: { model?: string | undefined; pictures?: ChatPicture[]; documents?: AttachmentRow[] },
  ): Promise<PreparedAnswer> {
    // Checked before the question is saved: a wrong model changes nothing.
    const chosen = asked.model ? await models.chatModel(asked.model) : undefined;
    const thread = await conversations.begin(caller.accountId, beginning);
    const account = caller.accountId === null ? undefined : await settings.get(caller.accountId);
    const model = chosen ?? (await models.firstKnown([thread?.model, account?.model]));
    if (thread && chosen && thread.model !== chosen.id) await conversations.remember(caller.accountId!, thread.id, chosen.id);

    const question = thread?.question ?? (beginning.kind === 'ask' ? beginning.question : '');
    const history = thread?.history ?? [];
    const instructions = (thread?.systemPrompt ?? account?.system_prompt ?? '').trim() || undefined;
    const pictures = asked.pictures ?? (thread ? await lab.pictures(thread.extras.pictures, caller, { skipMissing: true }) : []);
    const documents = await documentsOf(thread, asked.documents);
    const budget = documentBudget(Math.min(deps.config.ai.contextTokens, model.contextTokens ?? Infinity), {
      question,
      history,
      instructions,
    });
    const engine = model.local ? provider.localChat : provider.chat;

    return {
      conversationId: thread?.id ?? null,
      answer: (signal) =>
        engine.stream({
          question,
          history,
          pictures,
          signal,
          model: model.id,
          ...(instructions ? { instructions } : {}),
          ...(documents.length > 0 ? { documents: fitDocuments(documents, budget) } : {}),
        }),
      save: (answer) => (thread ? thread.saveAnswer(answer, model.id) : Promise.resolve(undefined)),
    };
  }

  /** The question's documents first (just uploaded, or kept with the question asked again), then the branch's earlier ones. */
  async function documentsOf(thread: ChatThread | null, asked: AttachmentRow[] | undefined): Promise<AttachmentRow[]> {
    if (!thread) return asked ?? [];
    const own = asked ?? (await attachments.stillKept(thread.extras.attachments, thread.accountId));
    const earlier = await attachments.stillKept(thread.earlierAttachments, thread.accountId);
    const seen = new Set(own.map((row) => row.id));
    return [...own, ...earlier.filter((row) => !seen.has(row.id))];
  }

  return {
    /** A new question (contract §10.1 and its streamed twin), with pictures and documents checked first. */
    async ask(caller: AiCaller, input: AskInput): Promise<PreparedAnswer> {
      const pictures = await lab.pictures(input.prompt_images, caller);
      const documents = await attachments.forQuestion(input.attachment_ids ?? [], caller);
      const extras = { attachments: documents.map(attachments.describe), pictures: input.prompt_images };
      return prepare(
        caller,
        {
          kind: 'ask',
          question: input.question,
          extras,
          conversationId: input.conversation_id,
          regenerate: input.regenerate,
        },
        { model: input.model, pictures, documents },
      );
    },

    /** A question of the conversation asked again differently: a new version of it, with a new answer. */
    edit(caller: AiCaller, conversationId: string, messageId: string, input: { question: string; model?: string | undefined }) {
      return prepare(caller, { kind: 'edit', conversationId, messageId, question: input.question }, { model: input.model });
    },

    /** An answer written again (by the same or another model): a new version of it. */
    regenerate(caller: AiCaller, conversationId: string, messageId: string, input: { model?: string | undefined }) {
      return prepare(caller, { kind: 'regenerate', conversationId, messageId }, { model: input.model });
    },
  };
}

export type FunnyChatService = ReturnType<typeof createFunnyChatService>;
