/** `%`, `_` and `\` in a text are literal characters in a LIKE pattern, not wildcards. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** A LIKE pattern matching the text anywhere. */
export const likePattern = (text: string) => `%${likeLiteral(text)}%`;
