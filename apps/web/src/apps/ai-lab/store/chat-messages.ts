import type { AiAttachment, AiConversation, AiConversationMessage } from '@portal/contracts';

export interface ChatMessage {
  /** This page's key for it. */
  id: number;
  /** Its id on the server, once saved (a logged-in person's conversation). */
  savedId?: string;
  sender: 'me' | 'chat';
  text: string;
  /** Pictures sent with the question. */
  pictures: string[];
  /** Documents sent with the question. */
  documents: AiAttachment[];
  status: 'streaming' | 'done' | 'stopped';
  /** Which of the versions written in its place it is (1-based), and how many there are. */
  version: number;
  versions: number;
}

let nextId = 1;
/** A fresh key for a message of this page. */
export const messageKey = () => nextId++;

export function newMessage(sender: ChatMessage['sender'], text: string, extras: Partial<ChatMessage> = {}): ChatMessage {
  return { id: messageKey(), sender, text, pictures: [], documents: [], status: 'done', version: 1, versions: 1, ...extras };
}

/** A conversation as the server (or this browser) keeps it, as the page shows it. */
export const fromConversation = (conversation: AiConversation): ChatMessage[] =>
  conversation.messages.map((message) =>
    newMessage(message.role === 'user' ? 'me' : 'chat', message.content, {
      savedId: message.id,
      pictures: message.pictures,
      documents: message.attachments,
      version: message.version,
      versions: message.versions,
    }),
  );

/** The messages as this browser keeps them for a visitor. */
export const toStored = (messages: ChatMessage[]): AiConversationMessage[] =>
  messages.map((message) => ({ role: message.sender === 'me' ? 'user' : 'assistant', content: message.text }));
