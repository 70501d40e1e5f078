/**
 * Every engine operation that can be refused returns a Result instead of throwing, so a
 * caller (the worker, a bot, a test) can hand the refusal to a person unchanged.
 */

export type RefusalCode = 'bad_request' | 'illegal_action' | 'not_your_turn';

export interface Refusal {
  readonly code: RefusalCode;
  /** For humans; starts with the rule id it enforces, e.g. "R7.5: you must overtrump". */
  readonly message: string;
}

export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: Refusal };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });

export const refuse = <T = never>(code: RefusalCode, message: string): Result<T> => ({
  ok: false,
  error: { code, message },
});

export const badRequest = <T = never>(message: string): Result<T> => refuse('bad_request', message);
export const illegal = <T = never>(message: string): Result<T> => refuse('illegal_action', message);
