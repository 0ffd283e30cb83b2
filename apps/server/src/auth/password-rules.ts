import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  // ~49,000 leaked passwords from zxcvbn's dictionary, loaded on first use.
  common ??= new Set((require('@zxcvbn-ts/language-common') as { dictionary: { passwords: string[] } }).dictionary.passwords);
  return common;
}

export interface PasswordContext {
  username?: string;
  first_name?: string;
  last_name?: string;
  email?: string;
}

const ATTRIBUTE_NAMES: Record<keyof PasswordContext, string> = {
  username: 'username',
  first_name: 'first name',
  last_name: 'last name',
  email: 'email address',
};

const MIN_LENGTH = 8;
const MAX_SIMILARITY = 0.7;

/** Upper bound of the similarity ratio of two strings: 2 × shared characters / total length. */
function quickRatio(a: string, b: string): number {
  if (a.length + b.length === 0) return 1;
  const counts = new Map<string, number>();
  for (const ch of b) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let matches = 0;
  for (const ch of a) {
    const left = counts.get(ch) ?? 0;
    if (left > 0) {
      matches += 1;
      counts.set(ch, left - 1);
    }
  }
  return (2 * matches) / (a.length + b.length);
}

/** One broken rule: its message and Django's validator code (contract §4.5 sends both). */
export interface PasswordProblem {
  message: string;
  code: 'password_too_short' | 'password_too_similar' | 'password_too_common' | 'password_entirely_numeric';
}

/** The server's password rules: length, similarity to the person's details, commonness, digits only. */
export function passwordProblems(password: string, context: PasswordContext = {}): string[] {
  return passwordProblemDetails(password, context).map((problem) => problem.message);
}

/** {@link passwordProblems} with each problem's code. */
export function passwordProblemDetails(password: string, context: PasswordContext = {}): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  const add = (code: PasswordProblem['code'], message: string) => problems.push({ code, message });
  if (password.length < MIN_LENGTH) {
    add('password_too_short', `This password is too short. It must contain at least ${MIN_LENGTH} characters.`);
  }
  const lowered = password.toLowerCase();
  for (const key of Object.keys(ATTRIBUTE_NAMES) as (keyof PasswordContext)[]) {
    const value = context[key]?.toLowerCase();
    if (!value) continue;
    const parts = [value, ...value.split(/\W+/).filter((part) => part.length > 0)];
    if (parts.some((part) => part.length >= 3 && quickRatio(lowered, part) >= MAX_SIMILARITY)) {
      add('password_too_similar', `The password is too similar to the ${ATTRIBUTE_NAMES[key]}.`);
      break;
    }
  }
  if (commonPasswords().has(lowered.trim())) add('password_too_common', 'This password is too common.');
  if (/^\d+$/.test(password)) add('password_entirely_numeric', 'This password is entirely numeric.');
  return problems;
}
