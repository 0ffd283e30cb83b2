import { create } from 'zustand';
import { askFunnyChat } from '../api/ask-funny-chat';
import { labErrorText } from '../api/lab-error';

export interface ChatMessage {
  id: number;
  sender: 'me' | 'chat';
  text: string;
  /** Pictures sent with the question. */
  pictures: string[];
  status: 'streaming' | 'done' | 'stopped';
}

interface FunnyChatState {
  /** The session's conversation, kept while the page is open (spec §3 `message`). */
  messages: ChatMessage[];
  streaming: boolean;
  errorMessage: string | null;
  ask(question: string, pictures: string[]): Promise<void>;
  stop(): void;
  clearError(): void;
}

let nextId = 1;
let current: AbortController | null = null;

export const useFunnyChatStore = create<FunnyChatState>((set, get) => {
  const edit = (id: number, change: (message: ChatMessage) => Partial<ChatMessage>) =>
    set({ messages: get().messages.map((message) => (message.id === id ? { ...message, ...change(message) } : message)) });

  return {
    messages: [],
    streaming: false,
    errorMessage: null,
    async ask(question, pictures) {
      if (get().streaming || !question.trim()) return;
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
      try {
        const message = await askFunnyChat(
          { question, prompt_images: pictures },
          (delta) => edit(answerId, (answer) => ({ text: answer.text + delta })),
          signal,
        );
        edit(answerId, () => ({ text: message, status: 'done' }));
      } catch (error) {
        if (signal.aborted) {
          edit(answerId, () => ({ status: 'stopped' }));
        } else {
          set({ messages: get().messages.filter((message) => message.id !== answerId), errorMessage: labErrorText(error) });
        }
      } finally {
        current = null;
        set({ streaming: false });
      }
    },
    stop() {
      current?.abort();
    },
    clearError: () => set({ errorMessage: null }),
  };
});
