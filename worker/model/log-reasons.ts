/**
 * What went wrong, fit for logs: an error's name and message, and nothing a log must not
 * hold. Logs never carry a body (a seat's cards), a token, a secret or an address.
 */

/**
 * The error's own words, or its cause's (drizzle wraps the database's error and lists the
 * query's parameters, which hold a finished game's cards, in its own message), with every
 * URL and mail address replaced.
 */
export function reasonOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const text = cause instanceof Error ? `${cause.name}: ${cause.message.split('\nparams:')[0]!}` : String(cause);
  return redact(text).slice(0, 300);
}

export const redact = (text: string): string =>
  text.replace(/[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi, '<url>').replace(/[^\s"'<>(),;:]+@[^\s"'<>(),;:]+/g, '<address>');
