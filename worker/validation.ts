/** Turns schema failures into the API's 400 answer, naming each field and what is wrong with it. */
import type { Hook } from '@hono/zod-openapi';
import type { AppEnv } from './app.js';
import { errorResponse } from './errors.js';

export const validationHook: Hook<unknown, AppEnv, string, unknown> = (result, c) => {
  if (result.success) return;
  const problems = result.error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'body'}: ${issue.message}`);
  return errorResponse(c, 400, 'bad_request', problems.join('; '));
};
