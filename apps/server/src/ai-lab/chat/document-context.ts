import type { DocumentFacts } from '../documents/document-facts.js';
import type { ChatDocument, ChatTurn } from '../providers/ai-provider.js';

/** A conservative number of characters per token (English runs about four), so a cut text fits. */
const CHARACTERS_PER_TOKEN = 3;
/** The part of the context left for the answer. */
const ANSWER_SHARE = 0.25;

export interface StoredDocument {
  name: string;
  pages: number;
  characters: number;
  text: string;
  summary: DocumentFacts;
}

/** How many characters of documents fit beside what else the model is sent. */
export function documentBudget(
  contextTokens: number,
  sent: { question: string; history: ChatTurn[]; instructions?: string | undefined },
) {
  const used =
    sent.question.length + (sent.instructions?.length ?? 0) + sent.history.reduce((sum, turn) => sum + turn.content.length, 0);
  return Math.max(0, Math.floor(contextTokens * (1 - ANSWER_SHARE) * CHARACTERS_PER_TOKEN) - used);
}

/**
 * The documents as the model gets them: whole while they fit in `budget` characters, in order (the
 * question's own first), the one that does not fit cut with a note saying how much of it was given.
 */
export function fitDocuments(documents: StoredDocument[], budget: number): ChatDocument[] {
  let left = budget;
  return documents.map((document) => {
    const given = document.text.slice(0, Math.max(0, left));
    left -= given.length;
    const fitted: ChatDocument = {
      name: document.name,
      pages: document.pages,
      characters: document.characters,
      text: given,
      facts: document.summary,
    };
    if (given.length < document.text.length) {
      fitted.cutNote =
        given.length === 0
          ? `[“${document.name}” did not fit in the model's context: none of its ${document.text.length.toLocaleString('en')} characters were given.]`
          : `[“${document.name}” was cut to fit the model's context: only its first ${given.length.toLocaleString('en')} of ${document.text.length.toLocaleString('en')} characters were given.]`;
    }
    return fitted;
  });
}
