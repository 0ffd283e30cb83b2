import { FUNNY_CHAT_INSTRUCTIONS, type ChatDocument } from './ai-provider.js';

/**
 * The system message a provider's model gets: Funny Chat's instruction (contract §10.1), then the
 * person's own instructions, which win where the two disagree, then the documents of the
 * conversation (each marked, and a note where one was cut to fit the context).
 */
export function systemMessage({
  instructions,
  documents = [],
}: {
  instructions?: string | undefined;
  documents?: ChatDocument[];
}): string {
  const parts = [FUNNY_CHAT_INSTRUCTIONS];
  if (instructions) {
    parts.push(
      `The person you are talking to gave these instructions; follow them, they take precedence over the style above:\n${instructions}`,
    );
  }
  if (documents.length > 0) {
    parts.push(
      'The person attached these documents; answer about them when asked:\n\n' +
        documents
          .map(
            (document) =>
              `<document name="${document.name.replace(/"/g, "'")}" pages="${document.pages}">\n${document.text}\n</document>` +
              (document.cutNote ? `\n${document.cutNote}` : ''),
          )
          .join('\n\n'),
    );
  }
  return parts.join('\n\n');
}
