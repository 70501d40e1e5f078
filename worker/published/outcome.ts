/** Answers of the table's RPC methods: a value, or an API error for the worker to send. */
import type { ErrorCode } from '../model/errors.js';

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429;

export type Outcome<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly status: ErrorStatus; readonly code: ErrorCode; readonly message: string };

export const success = <T>(value: T): Outcome<T> => ({ ok: true, value });

export const failure = <T = never>(status: ErrorStatus, code: ErrorCode, message: string): Outcome<T> => ({ ok: false, status, code, message });
