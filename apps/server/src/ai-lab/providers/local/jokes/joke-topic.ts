/** A subject Funny Chat knows jokes about. */
export interface JokeTopic {
  name: string;
  /** Lower-case words of a question that choose this topic (plurals are matched too), space-separated. */
  words: string;
  /** Phrases that choose it, matched on the whole question (they count double). */
  phrases?: RegExp[];
  /** Every reply of the topic names its subject, so an answer never drifts off the question. */
  mentions: RegExp;
  /** Below 1 for small talk and broad subjects, so "tell me a joke about cats" is about cats. */
  weight?: number;
  /** Greetings, thanks and the like: with a picture attached, the picture is the subject. */
  smallTalk?: boolean;
  /** `{word}` stands for the word of the question that chose the topic. */
  replies: string[];
}
