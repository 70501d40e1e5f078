/** Every rule id of RULES.md is named by at least one test (rules first: docs/testing.md). */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const rulesFile = new URL('../../../shared/RULES.md', import.meta.url);
const testsDir = new URL('./', import.meta.url);

/**
 * Rules RULES.md still marks `*` (new, not yet required of every project) that this project
 * has built: they need a test like any other.
 */
const BUILT_NEW_RULES = ['R7.12'];

/** Section ids (## R7 Play), rule ids (- R7.4 …), and the new rules (* R7.12 …) built here. */
function ruleIds(rules: string): string[] {
  const ids = new Set<string>();
  for (const match of rules.matchAll(/^(##|-|\*)\s+(R\d+(?:\.\d+)?)\b/gm)) {
    if (match[1] !== '*' || BUILT_NEW_RULES.includes(match[2]!)) ids.add(match[2]!);
  }
  return [...ids];
}

/** The names given to `it(` and `describe(` in every engine test file. */
function testNames(): string {
  return readdirSync(testsDir)
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => readFileSync(new URL(file, testsDir), 'utf8'))
    .flatMap((source) => [...source.matchAll(/\b(?:it|describe|test)\(\s*(['"`])(.*?)\1/g)].map((m) => m[2]!))
    .join('\n');
}

it('R1–R10: every rule id in RULES.md is named by a test', () => {
  // RULES.md lives in ../shared beside the project (read-only material, as in CI).
  expect(existsSync(rulesFile), `${rulesFile.pathname} is missing: the project expects ../shared beside it`).toBe(true);
  const ids = ruleIds(readFileSync(rulesFile, 'utf8'));
  expect(ids.length).toBeGreaterThanOrEqual(49); // 10 sections, 39 rules when this was written
  const names = testNames();
  for (const id of BUILT_NEW_RULES) expect(ids, `${id} is not in RULES.md`).toContain(id);
  const missing = ids.filter((id) => !new RegExp(`${id.replace('.', '\\.')}(?![\\d])`).test(names));
  expect(missing).toEqual([]);
});
