/** Turns schema failures into the API's 400 refusal, naming each field and what is wrong with it. */
import { ApiError } from './errors.js';

type Issues = Parameters<typeof describeIssues>[0];

/** zod-openapi's hook after each validator (any router's): a failure is thrown, answered by onError (app.ts). */
export function validationHook(result: { success: true } | { success: false; error: { issues: Issues } }): undefined {
  if (!result.success) throw new ApiError(400, 'bad_request', describeIssues(result.error.issues));
  return undefined;
}

/** Each schema failure as "field.path: what is wrong", from `root` (a message's part) or the body. */
export function describeIssues(issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[], root?: string): string {
  return issues
    .map((issue) => `${[...(root === undefined ? [] : [root]), ...issue.path.map(String)].join('.') || 'body'}: ${issue.message}`)
    .join('; ');
}
