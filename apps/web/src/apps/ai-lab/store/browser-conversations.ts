import type { AiConversation, AiConversationMessage, AiConversationSummary } from '@portal/contracts';

/** Where anonymous visitors' conversations live: this browser only. */
export const BROWSER_CONVERSATIONS_KEY = 'ai-lab.conversations';
const KEEP = 50;

type Stored = AiConversationSummary & { messages: AiConversationMessage[]; model?: string | null };

const isText = (value: unknown): value is string => typeof value === 'string';
const isMessage = (value: unknown): value is AiConversationMessage => {
  const message = value as AiConversationMessage | null;
  return (message?.role === 'user' || message?.role === 'assistant') && isText(message.content);
};
const isStored = (value: unknown): value is Stored => {
  const item = value as Stored | null;
  return (
    isText(item?.id) &&
    isText(item.title) &&
    isText(item.updated_at) &&
    Array.isArray(item.messages) &&
    item.messages.every(isMessage)
  );
};

/** What this browser kept; anything unreadable (edited by hand, an older shape) is left out. */
function readAll(): Stored[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(BROWSER_CONVERSATIONS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isStored) : [];
  } catch {
    return [];
  }
}

function writeAll(conversations: Stored[]): void {
  const newestFirst = [...conversations].sort((a, b) => b.updated_at.localeCompare(a.updated_at)).slice(0, KEEP);
  try {
    localStorage.setItem(BROWSER_CONVERSATIONS_KEY, JSON.stringify(newestFirst));
  } catch {
    // Storage full or disabled: the conversation still shows while the page is open.
  }
}

/** The conversations an anonymous visitor had in this browser, kept in localStorage (like the server's, without an account). */
/** A kept conversation as the server would answer it (one version of each message: nothing branches here). */
const asConversation = (stored: Stored): AiConversation => ({
  id: stored.id,
  title: stored.title,
  messages: stored.messages.map((message, index) => ({
    ...message,
    id: `${stored.id}:${index}`,
    version: 1,
    versions: 1,
    attachments: [],
    pictures: [],
    model: null,
  })),
  model: stored.model ?? null,
  system_prompt: null,
  share_url: null,
});

/** Every word of the search begins a word of the title or of a message (as the server searches). */
function matches(conversation: Stored, search: string): boolean {
  const words = search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const text = ` ${[conversation.title, ...conversation.messages.map((message) => message.content)].join(' ').toLowerCase()}`;
  return words.every((word) => new RegExp(`[^\\p{L}\\p{N}]${word}`, 'u').test(text));
}

/** The conversations an anonymous visitor had in this browser, kept in localStorage (like the server's, without an account). */
export const browserConversations = {
  list(search = ''): AiConversationSummary[] {
    return readAll()
      .filter((conversation) => !search.trim() || matches(conversation, search))
      .map(({ id, title, updated_at }) => ({ id, title, updated_at }));
  },

  get(id: string): AiConversation | undefined {
    const found = readAll().find((conversation) => conversation.id === id);
    return found && asConversation(found);
  },

  /** Stores the messages of a conversation (and the model chosen for it); a new one is titled by its first question. */
  save(id: string, messages: AiConversationMessage[], title: string, model: string | null = null): void {
    const all = readAll();
    const existing = all.find((conversation) => conversation.id === id);
    const updated_at = new Date().toISOString();
    if (existing) Object.assign(existing, { messages, updated_at, model });
    else all.push({ id, title, updated_at, messages, model });
    writeAll(all);
  },

  rename(id: string, title: string): AiConversation | undefined {
    const all = readAll();
    const found = all.find((conversation) => conversation.id === id);
    if (!found) return undefined;
    found.title = title;
    writeAll(all);
    return asConversation(found);
  },

  remove(id: string): void {
    writeAll(readAll().filter((conversation) => conversation.id !== id));
  },
};
