/**
 * Who has which conversation open, from the chat sockets of this instance (the chat socket is the
 * one place that knows the chat page is showing a conversation). With several instances behind
 * nginx, a person whose chat socket is on another instance counts as away here: they still get a
 * notification, which their open chat marks read the next time its socket (re)connects.
 */
export function createChatPresence() {
  const open = new Map<string, number>();
  const key = (conversationId: string, profileId: number) => `${conversationId}:${profileId}`;

  return {
    /** Records an open chat socket; call the answer when it closes. */
    enter(conversationId: string, profileId: number): () => void {
      const id = key(conversationId, profileId);
      open.set(id, (open.get(id) ?? 0) + 1);
      let left = false;
      return () => {
        if (left) return;
        left = true;
        const count = (open.get(id) ?? 1) - 1;
        if (count > 0) open.set(id, count);
        else open.delete(id);
      };
    },

    isOpen: (conversationId: string, profileId: number) => (open.get(key(conversationId, profileId)) ?? 0) > 0,
  };
}

export type ChatPresence = ReturnType<typeof createChatPresence>;
