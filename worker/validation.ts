/** Turns schema failures into the API's 400 answer, naming each field and what is wrong with it. */
import type { Hook } from '@hono/zod-openapi';
import type { AppEnv } from './app.js';
import { errorResponse } from './errors.js';

export const validationHook: Hook<unknown, AppEnv, string, unknown> = (result, c) => {
  if (result.success) return;
  return errorResponse(c, 400, 'bad_request', describeIssues(result.error.issues));
};

/** Each schema failure as "field.path: what is wrong", from `root` (a message's part) or the body. */
export function describeIssues(issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[], root?: string): string {
  return issues
    .map((issue) => `${[...(root === undefined ? [] : [root]), ...issue.path.map(String)].join('.') || 'body'}: ${issue.message}`)
    .join('; ');
}
