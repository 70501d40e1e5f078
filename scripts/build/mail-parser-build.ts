/**
 * The worker tests' global setup (vitest.config.ts, project "worker"): builds the mail parser
 * Worker (worker/mail-parser/) as `npm run deploy` uploads it into MAIL_PARSER_SCRIPT, which
 * the tests' runtime runs as an auxiliary Worker behind the main Worker's MAIL_PARSER binding
 * (an auxiliary Worker is given as one built script; the plugin does not bundle it). Built on
 * every run, so a test never runs a parser older than its source.
 */
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWorker, MAIL_PARSER_CONFIG } from './worker-build.js';

const dir = fileURLToPath(new URL('../../.wrangler/mail-parser-build', import.meta.url));

/** The built script, where the worker project's auxiliary Worker reads it. */
export const MAIL_PARSER_SCRIPT = join(dir, 'index.js');

/** The auxiliary Worker of a vitest config's miniflare options (`workers: [mailParserWorker()]`), named as its wrangler.toml names it. */
export function mailParserWorker(): { name: string; compatibilityDate: string; modules: true; scriptPath: string } {
  const toml = readFileSync(new URL(`../../${MAIL_PARSER_CONFIG}`, import.meta.url), 'utf8');
  return {
    name: /^name = "(.+)"$/m.exec(toml)![1]!,
    compatibilityDate: /^compatibility_date = "(.+)"$/m.exec(toml)![1]!,
    modules: true,
    scriptPath: MAIL_PARSER_SCRIPT,
  };
}

export default function setup(): void {
  mkdirSync(dir, { recursive: true });
  // Built beside it and moved into place at once: a second run starting meanwhile reads a whole script.
  const build = mkdtempSync(join(dir, 'build-'));
  try {
    buildWorker(build, MAIL_PARSER_CONFIG);
    renameSync(join(build, 'out', 'index.js'), MAIL_PARSER_SCRIPT);
  } finally {
    rmSync(build, { recursive: true, force: true });
  }
}
