import type nodemailer from 'nodemailer';

interface Closable {
  close(): void;
}

/**
 * A nodemailer transport made on first use: nodemailer (about 35 modules) then loads with the first
 * message instead of at start-up, which waits for every module it imports (issue 24).
 */
export function lazyTransport<T extends Closable>(make: (mailer: typeof nodemailer) => T) {
  let made: Promise<T> | undefined;
  return {
    get(): Promise<T> {
      made ??= import('nodemailer').then((module) => make(module.default));
      return made;
    },
    async close(): Promise<void> {
      if (made) (await made).close();
    },
  };
}
