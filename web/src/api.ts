/**
 * The app talks to the server only through the public contract (API.md). Types come from
 * the server's own modules, as types only: nothing of the server ends up in the bundle.
 * Here what a table page needs for its first cards; every other call (its moves too) is in
 * api-later.ts, which the pages and parts loaded later bring with them.
 */
import type { ChatMessage, PublishedGame, TableView } from '../../worker/model/contract.js';
import { pageLanguage } from './prefs.js';

export type { ChatMessage, PublishedGame, TableView };

/** A refusal or failure, with the contract's code ("network" when the server was not reached). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The refusal's headers: a 429's Retry-After says when to try again (API.md). */
    readonly headers?: Headers,
  ) {
    super(message);
  }
}

/** One request to the API: its JSON answer, or the refusal or failure as an ApiError. */
export async function call<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token !== undefined) headers.set('authorization', `Bearer ${init.token}`);
  if (init.body !== undefined) headers.set('content-type', 'application/json');
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers, cache: 'no-store' });
  } catch (err) {
    throw new ApiError(0, 'network', err instanceof Error ? err.message : String(err));
  }
  const body = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
  if (!response.ok) {
    throw new ApiError(
      response.status,
      body?.error?.code ?? 'http_' + response.status,
      body?.error?.message ?? response.statusText,
      response.headers,
    );
  }
  // Every answer of the API is JSON: none readable means the connection broke mid-answer.
  if (body === null) throw new ApiError(0, 'network', 'the answer was cut off');
  return body as T;
}

/** The caller's view, told the language the page shows (`lang`): a seat's mails follow it. */
export const fetchView = (tableId: string, token: string, lang = pageLanguage()): Promise<TableView> =>
  call(`/api/tables/${encodeURIComponent(tableId)}?lang=${lang}`, { token });
