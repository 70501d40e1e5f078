// A module resolution hook (node:module `register`) for scripts/build/openapi-document.ts: the
// schemas' `zod/mini` is zod's full build with zod-to-openapi there (worker/docs/zod-full.ts).
const FULL = new URL('../../worker/docs/zod-full.ts', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'zod/mini' && context.parentURL !== FULL) return { url: FULL, shortCircuit: true };
  return nextResolve(specifier, context);
}
