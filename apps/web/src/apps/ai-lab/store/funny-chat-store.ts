import { create } from 'zustand';
import type { AiAttachment, AiConversation } from '@portal/contracts';
import { isLoggedIn } from '../../../shared/auth/auth-store';
import { streamFunnyChat, type AnswerRequest } from '../api/ask-funny-chat';
import { titleOf } from '../api/conversation-title';
import { getConversation } from '../api/get-conversation';
import { labErrorText } from '../api/lab-error';
import { showVersion } from '../api/show-version';
import { browserConversations } from './browser-conversations';
import { fromConversation, newMessage, toStored, type ChatMessage } from './chat-messages';

export type { ChatMessage } from './chat-messages';

/** Where the open conversation is kept: on the server for an account, in this browser otherwise. */
type Owner = 'account' | 'browser';

interface FunnyChatState {
  /** The open conversation's id (null until its first question is saved). */
  conversationId: string | null;
  owner: Owner | null;
  /** Spec §3 `message`: the open conversation (the branch shown). */
  messages: ChatMessage[];
  streaming: boolean;
  /** A saved conversation is being opened. */
  opening: boolean;
  /** Another version of a message is being fetched. */
  switching: boolean;
  errorMessage: string | null;
  /** The model chosen for this conversation; null for the default (the account's, or the server's). */
  model: string | null;
  /** The open conversation as the server keeps it (its own instructions, its shared page). */
  saved: AiConversation | null;
  ask(question: string, pictures: string[], documents?: AiAttachment[]): Promise<void>;
  /** Writes the last answer again; a saved one keeps the earlier answer as a version. */
  regenerate(): Promise<void>;
  /** Asks one of the questions again, as edited; a saved one keeps the earlier question as a version. */
  edit(messageId: number, question: string): Promise<void>;
  /** Shows another version of a saved message (1-based), with what follows it. */
  showVersion(messageId: number, version: number): Promise<void>;
  chooseModel(model: string | null): void;
  /** The server's answer after a change to the open conversation (instructions, sharing). */
  updated(conversation: AiConversation): void;
  open(id: string): Promise<void>;
  startNew(): void;
  stop(): void;
  clearError(): void;
}

let current: AbortController | null = null;

const ownerNow = (): Owner => (isLoggedIn() ? 'account' : 'browser');
const browserId = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

export const useFunnyChatStore = create<FunnyChatState>((set, get) => {
  const change = (id: number, update: (message: ChatMessage) => Partial<ChatMessage>) =>
    set({ messages: get().messages.map((message) => (message.id === id ? { ...message, ...update(message) } : message)) });

  /** A visitor without an account keeps the conversation in this browser, also a stopped or failed one. */
  function keepInBrowser() {
    const { messages, conversationId, model } = get();
    const id = conversationId ?? browserId();
    const kept = messages.filter((message) => message.sender === 'me' || message.text);
    if (kept.length === 0) return;
    browserConversations.save(id, toStored(kept), titleOf(kept[0]?.text ?? 'Conversation'), model);
    set({ conversationId: id, owner: 'browser' });
  }

  const showSaved = (conversation: AiConversation) =>
    set({
      conversationId: conversation.id,
      owner: ownerNow(),
      messages: fromConversation(conversation),
      model: conversation.model,
      saved: conversation,
    });

  /** Reads the open saved conversation again (after an edit or a regeneration: its versions changed). */
  async function reload() {
    const { conversationId } = get();
    if (!conversationId) return;
    try {
      showSaved(await getConversation(conversationId));
    } catch (error) {
      set({ errorMessage: labErrorText(error) });
    }
  }

  /**
   * Streams an answer after `shown` (the conversation up to its question): words reach the page as
   * they come; the saved ids arrive with the end. `reload`: read the conversation again afterwards.
   */
  async function answer(request: AnswerRequest, shown: ChatMessage[], thenReload = false) {
    const owner = ownerNow();
    const pending = newMessage('chat', '', { status: 'streaming' });
    const question = shown.findLast((message) => message.sender === 'me');
    set({ streaming: true, errorMessage: null, messages: [...shown, pending] });
    current = new AbortController();
    const signal = current.signal;
    // Streamed words reach the page at most every 80 ms: one render per word kept a busy page from
    // answering its own Stop button.
    let words = '';
    let flushTimer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      if (flushTimer) clearTimeout(flushTimer);
      flushTimer = null;
      const text = words;
      words = '';
      if (text) change(pending.id, (message) => ({ text: message.text + text }));
    };
    try {
      const done = await streamFunnyChat(
        request,
        (delta) => {
          words += delta;
          flushTimer ??= setTimeout(flush, 80);
        },
        signal,
        (id) => set({ conversationId: id, owner: 'account' }),
      );
      flush();
      change(pending.id, () => ({ text: done.message, status: 'done', ...(done.answerId ? { savedId: done.answerId } : {}) }));
      if (question && done.questionId) change(question.id, () => ({ savedId: done.questionId }));
    } catch (error) {
      flush();
      if (signal.aborted) change(pending.id, () => ({ status: 'stopped' }));
      else set({ messages: get().messages.filter((message) => message.id !== pending.id), errorMessage: labErrorText(error) });
    } finally {
      current = null;
      if (owner === 'browser') keepInBrowser();
      set({ streaming: false });
    }
    if (thenReload) await reload();
  }

  /** A new question after `before` (the messages kept), in the open conversation or a new one. */
  async function askAfter(before: ChatMessage[], question: ChatMessage, regenerate: boolean) {
    const owner = ownerNow();
    // Logged in or out since the conversation began: it belongs elsewhere, so this starts a new one.
    if (get().owner !== null && get().owner !== owner) {
      set({ conversationId: null, owner: null, messages: [], saved: null });
      before = [];
    }
    const { conversationId, model } = get();
    const saved = owner === 'account' && conversationId ? { conversation_id: conversationId, regenerate } : {};
    await answer(
      {
        kind: 'ask',
        body: {
          question: question.text,
          prompt_images: question.pictures,
          ...saved,
          ...(model ? { model } : {}),
          ...(question.documents.length > 0 ? { attachment_ids: question.documents.map((document) => document.id) } : {}),
        },
      },
      [...before, question],
    );
  }

  /** The open conversation is saved on the server, so an edit or a regeneration keeps versions there. */
  const savedHere = () => get().owner === 'account' && get().conversationId !== null;
  const modelBody = () => (get().model ? { model: get().model! } : {});

  return {
    conversationId: null,
    owner: null,
    messages: [],
    streaming: false,
    opening: false,
    switching: false,
    errorMessage: null,
    model: null,
    saved: null,
    async ask(question, pictures, documents = []) {
      if (get().streaming || !question.trim()) return;
      await askAfter(get().messages, newMessage('me', question, { pictures, documents }), false);
    },
    async regenerate() {
      const { messages, streaming, conversationId } = get();
      const last = messages.at(-1);
      const question = messages.at(-2);
      if (streaming || last?.sender !== 'chat' || question?.sender !== 'me') return;
      if (savedHere() && last.savedId) {
        const request = {
          kind: 'regenerate',
          conversationId: conversationId!,
          messageId: last.savedId,
          body: modelBody(),
        } as const;
        await answer(request, messages.slice(0, -1), true);
        return;
      }
      await askAfter(
        messages.slice(0, -2),
        newMessage('me', question.text, { pictures: question.pictures, documents: question.documents }),
        true,
      );
    },
    async edit(messageId, text) {
      const { messages, streaming, conversationId } = get();
      const index = messages.findIndex((message) => message.id === messageId);
      const original = messages[index];
      if (streaming || !text.trim() || original?.sender !== 'me') return;
      const question = newMessage('me', text.trim(), { pictures: original.pictures, documents: original.documents });
      if (savedHere() && original.savedId) {
        const request = {
          kind: 'edit',
          conversationId: conversationId!,
          messageId: original.savedId,
          body: { question: text.trim(), ...modelBody() },
        } as const;
        await answer(request, [...messages.slice(0, index), question], true);
        return;
      }
      // Kept in this browser: the conversation goes on from the edited question (no versions here).
      await askAfter(messages.slice(0, index), question, false);
    },
    async showVersion(messageId, version) {
      const { conversationId, streaming, messages } = get();
      const message = messages.find((candidate) => candidate.id === messageId);
      if (streaming || get().switching || !conversationId || !message?.savedId) return;
      set({ switching: true, errorMessage: null });
      try {
        showSaved(await showVersion(conversationId, message.savedId, version));
      } catch (error) {
        set({ errorMessage: labErrorText(error) });
      } finally {
        set({ switching: false });
      }
    },
    chooseModel: (model) => set({ model }),
    updated: (conversation) => {
      if (conversation.id === get().conversationId) set({ saved: conversation, model: conversation.model });
    },
    async open(id) {
      if (get().streaming || get().conversationId === id) return;
      set({ opening: true, errorMessage: null });
      try {
        showSaved(await getConversation(id));
      } catch (error) {
        set({ conversationId: null, owner: null, messages: [], saved: null, errorMessage: labErrorText(error) });
      } finally {
        set({ opening: false });
      }
    },
    startNew() {
      if (get().streaming) return;
      set({ conversationId: null, owner: null, messages: [], errorMessage: null, saved: null });
    },
    stop() {
      current?.abort();
    },
    clearError: () => set({ errorMessage: null }),
  };
});
