import { create } from 'zustand';
import type { AiConversationMessage } from '@portal/contracts';
import { isLoggedIn } from '../../../shared/auth/auth-store';
import { askFunnyChat } from '../api/ask-funny-chat';
import { titleOf } from '../api/conversation-title';
import { getConversation } from '../api/get-conversation';
import { labErrorText } from '../api/lab-error';
import { browserConversations } from './browser-conversations';

export interface ChatMessage {
  id: number;
  sender: 'me' | 'chat';
  text: string;
  /** Pictures sent with the question. */
  pictures: string[];
  status: 'streaming' | 'done' | 'stopped';
}

/** Where the open conversation is kept: on the server for an account, in this browser otherwise. */
type Owner = 'account' | 'browser';

interface FunnyChatState {
  /** The open conversation's id (null until its first question is saved). */
  conversationId: string | null;
  owner: Owner | null;
  /** Spec §3 `message`: the open conversation. */
  messages: ChatMessage[];
  streaming: boolean;
  /** A saved conversation is being opened. */
  opening: boolean;
  errorMessage: string | null;
  ask(question: string, pictures: string[]): Promise<void>;
  /** Asks the last question again, replacing its answer. */
  regenerate(): Promise<void>;
  open(id: string): Promise<void>;
  startNew(): void;
  stop(): void;
  clearError(): void;
}

let nextId = 1;
let current: AbortController | null = null;

const ownerNow = (): Owner => (isLoggedIn() ? 'account' : 'browser');
const toStored = (messages: ChatMessage[]): AiConversationMessage[] =>
  messages.map((message) => ({ role: message.sender === 'me' ? 'user' : 'assistant', content: message.text }));
const browserId = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

export const useFunnyChatStore = create<FunnyChatState>((set, get) => {
  const edit = (id: number, change: (message: ChatMessage) => Partial<ChatMessage>) =>
    set({ messages: get().messages.map((message) => (message.id === id ? { ...message, ...change(message) } : message)) });

  /** A visitor without an account keeps the conversation in this browser, also a stopped or failed one. */
  function keepInBrowser() {
    const { messages, conversationId } = get();
    const id = conversationId ?? browserId();
    const kept = messages.filter((message) => message.sender === 'me' || message.text);
    if (kept.length === 0) return;
    browserConversations.save(id, toStored(kept), titleOf(kept[0]?.text ?? 'Conversation'));
    set({ conversationId: id, owner: 'browser' });
  }

  async function run(question: string, pictures: string[], regenerate: boolean) {
    const owner = ownerNow();
    // Logged in or out since the conversation began: it belongs elsewhere, so this starts a new one.
    if (get().owner !== null && get().owner !== owner) set({ conversationId: null, owner: null, messages: [] });
    const { conversationId } = get();
    const answerId = nextId + 1;
    set({
      streaming: true,
      errorMessage: null,
      messages: [
        ...get().messages,
        { id: nextId, sender: 'me', text: question, pictures, status: 'done' },
        { id: answerId, sender: 'chat', text: '', pictures: [], status: 'streaming' },
      ],
    });
    nextId += 2;
    current = new AbortController();
    const signal = current.signal;
    const saved = owner === 'account' && conversationId ? { conversation_id: conversationId, regenerate } : {};
    // Streamed words reach the page at most every 80 ms: one render per word kept a busy page from
    // answering its own Stop button.
    let pending = '';
    let flushTimer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      if (flushTimer) clearTimeout(flushTimer);
      flushTimer = null;
      const text = pending;
      pending = '';
      if (text) edit(answerId, (answer) => ({ text: answer.text + text }));
    };
    try {
      const message = await askFunnyChat(
        { question, prompt_images: pictures, ...saved },
        (delta) => {
          pending += delta;
          flushTimer ??= setTimeout(flush, 80);
        },
        signal,
        (id) => set({ conversationId: id, owner: 'account' }),
      );
      flush();
      edit(answerId, () => ({ text: message, status: 'done' }));
    } catch (error) {
      flush();
      if (signal.aborted) {
        edit(answerId, () => ({ status: 'stopped' }));
      } else {
        set({ messages: get().messages.filter((message) => message.id !== answerId), errorMessage: labErrorText(error) });
      }
    } finally {
      current = null;
      if (owner === 'browser') keepInBrowser();
      set({ streaming: false });
    }
  }

  return {
    conversationId: null,
    owner: null,
    messages: [],
    streaming: false,
    opening: false,
    errorMessage: null,
    async ask(question, pictures) {
      if (get().streaming || !question.trim()) return;
      await run(question, pictures, false);
    },
    async regenerate() {
      const { messages, streaming } = get();
      const answer = messages.at(-1);
      const question = messages.at(-2);
      if (streaming || answer?.sender !== 'chat' || question?.sender !== 'me') return;
      set({ messages: messages.slice(0, -2) });
      await run(question.text, question.pictures, true);
    },
    async open(id) {
      if (get().streaming || get().conversationId === id) return;
      set({ opening: true, errorMessage: null });
      try {
        const conversation = await getConversation(id);
        set({
          conversationId: conversation.id,
          owner: ownerNow(),
          messages: conversation.messages.map((message) => ({
            id: nextId++,
            sender: message.role === 'user' ? 'me' : 'chat',
            text: message.content,
            pictures: [],
            status: 'done',
          })),
        });
      } catch (error) {
        set({ conversationId: null, owner: null, messages: [], errorMessage: labErrorText(error) });
      } finally {
        set({ opening: false });
      }
    },
    startNew() {
      if (get().streaming) return;
      set({ conversationId: null, owner: null, messages: [], errorMessage: null });
    },
    stop() {
      current?.abort();
    },
    clearError: () => set({ errorMessage: null }),
  };
});
