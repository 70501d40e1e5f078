/** Every rule id of the project's rule book (shared/rule-book/) is named by at least one test (rules first: docs/testing.md). */
import { readdirSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { RULE_BOOK_IDS } from '../../shared/rule-book/ids.js';

const testsDir = new URL('./', import.meta.url);

/** The names given to `it(` and `describe(` in every engine test file. */
function testNames(): string {
  return readdirSync(testsDir)
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => readFileSync(new URL(file, testsDir), 'utf8'))
    .flatMap((source) => [...source.matchAll(/\b(?:it|describe|test)\(\s*(['"`])(.*?)\1/g)].map((m) => m[2]!))
    .join('\n');
}

it('R1–R10: every rule id of the rule book is named by a test', () => {
  const ids = RULE_BOOK_IDS;
  expect(ids.length).toBeGreaterThanOrEqual(53); // 10 sections and 43 rules when this was written
  expect(ids).toContain('R7.12');
  const names = testNames();
  const missing = ids.filter((id) => !new RegExp(`${id.replace('.', '\\.')}(?![\\d])`).test(names));
  expect(missing).toEqual([]);
});
