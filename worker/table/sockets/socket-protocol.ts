/**
 * The messages of a table's WebSocket (GET …/ws). The server pushes
 * `{"type": "view", "view": …}`; a client may send `{"type": "ping"}`, `{"type": "view"}`
 * and, from a seat, `{"type": "action", "action": <the body of POST …/actions>}`, which is
 * answered by `{"type": "answer", "id", "status", "view" | "error"}`: the same checks,
 * statuses and error codes as the POST (an id used before answers the first answer for the
 * same action, 409 `id_reused` for another), over a connection the web app keeps open
 * anyway (no HTTP request per move).
 */
import { ActionSchema } from '../../schemas/index.js';
import type { ErrorCode } from '../../model/errors.js';
import { describeIssues } from '../../schemas/issues.js';
import type { ActionRequest } from '../../model/table.js';

/** As for request bodies (app.ts MAX_BODY_BYTES). */
export const MAX_MESSAGE_CHARS = 64 * 1024;

/** A client message (model/contract.ts ClientMessage) as the table takes it. */
export type ParsedMessage =
  { readonly type: 'ping' } | { readonly type: 'view' } | { readonly type: 'action'; readonly id: string; readonly request: ActionRequest };

/** A message the server cannot take; `id` when it is an action that names its id (the answer carries it). */
export interface Refusal {
  readonly id: string | null;
  readonly status: 400 | 413;
  readonly code: ErrorCode;
  readonly message: string;
}

const USAGE = 'send {"type": "ping"}, {"type": "view"} or {"type": "action", "action": {…the body of POST …/actions, with an "id"…}}';

export function parseClientMessage(data: string | ArrayBuffer): { ok: true; message: ParsedMessage } | { ok: false; refusal: Refusal } {
  const refuse = (status: Refusal['status'], code: ErrorCode, message: string, id: string | null = null) => ({
    ok: false as const,
    refusal: { id, status, code, message },
  });
  if ((typeof data === 'string' ? data.length : data.byteLength) > MAX_MESSAGE_CHARS) {
    return refuse(413, 'payload_too_large', `the message is over ${MAX_MESSAGE_CHARS / 1024} KB`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(typeof data === 'string' ? data : new TextDecoder().decode(data));
  } catch {
    return refuse(400, 'bad_request', `not JSON: ${USAGE}`);
  }
  const message = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  if (message.type === 'ping' || message.type === 'view') return { ok: true, message: { type: message.type } };
  if (message.type !== 'action') return refuse(400, 'bad_request', USAGE);
  const body = typeof message.action === 'object' && message.action !== null ? (message.action as Record<string, unknown>) : null;
  const id = typeof body?.id === 'string' && body.id.length > 0 && body.id.length <= 100 ? body.id : null;
  // Without an id the answer could not be told apart from the answers to other actions.
  if (id === null) return refuse(400, 'bad_request', `action.id: an action sent over the WebSocket needs an "id" (1 to 100 characters); ${USAGE}`);
  const checked = ActionSchema.safeParse(body);
  if (!checked.success) return refuse(400, 'bad_request', describeIssues(checked.error.issues, 'action'), id);
  const { id: _id, version, ...action } = checked.data;
  return { ok: true, message: { type: 'action', id, request: { action, id, version } } };
}
