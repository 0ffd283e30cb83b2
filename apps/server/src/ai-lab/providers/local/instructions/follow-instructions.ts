/**
 * What the built-in engine honours of the person's instructions (it cannot follow free text as a
 * model does): a name to call them by, shorter answers, and a language, which it says it cannot
 * speak unless it is English. Anything else is ignored; the "About" dialog says so.
 */
const NAME = /\b(?:[Cc]all me|[Mm]y name is|[Aa]ddress me as|I am|I['’]m)\s+([\p{Lu}][\p{L}'’-]{0,30})/u;
const SHORT = /\b(short|shorter|brief|briefly|concise|one sentence|a sentence|few words|tl;?dr)\b/i;
const LANGUAGES =
  'english|french|german|spanish|italian|portuguese|dutch|polish|russian|ukrainian|chinese|mandarin|japanese|korean|arabic|hindi|turkish|swedish|norwegian|danish|finnish|greek|czech|romanian|hungarian|hebrew|catalan|basque|welsh|irish';
const LANGUAGE = new RegExp(`\\b(?:in|speak|speaking|use)\\s+(${LANGUAGES})\\b`, 'i');

export interface HonouredInstructions {
  name?: string;
  short: boolean;
  /** A language asked for, other than English. */
  language?: string;
}

export function readInstructions(instructions: string | undefined): HonouredInstructions {
  const text = instructions ?? '';
  const name = NAME.exec(text)?.[1];
  const language = LANGUAGE.exec(text)?.[1]?.toLowerCase();
  return {
    ...(name ? { name } : {}),
    short: SHORT.test(text),
    ...(language && language !== 'english' ? { language: language.charAt(0).toUpperCase() + language.slice(1) } : {}),
  };
}

const firstSentence = (text: string) => /^.*?[.!?](?=\s|$)/su.exec(text)?.[0] ?? text;

/** The reply as the instructions ask, as far as the built-in engine can. */
export function followInstructions(reply: string, instructions: string | undefined): string {
  const honoured = readInstructions(instructions);
  let text = honoured.short ? firstSentence(reply) : reply;
  if (honoured.name) text = `Here you go, ${honoured.name}. ${text}`;
  if (honoured.language) text += ` (You asked for ${honoured.language}, but the built-in engine only speaks English.)`;
  return text;
}
