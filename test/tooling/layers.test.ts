/**
 * The layers of .dependency-cruiser.cjs, which `npm run lint` holds the project to: a new
 * import against their order fails, type-only and dynamic imports included, and so does a cycle;
 * an import down the order passes. Tried on a small tree laid out as the project's (worker/,
 * web/src/) in a folder of its own, with the project's own rules.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as { forbidden: IForbiddenRuleType[] };

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The rules broken by a tree of `files` (path → source), by rule name and the import that breaks it. */
async function violations(files: Record<string, string>): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), 'wallachen-layers-'));
  dirs.push(root);
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), source);
  }
  const folders = [...new Set(Object.keys(files).map((path) => path.split('/')[0]!))];
  const { output } = await cruise(folders, {
    baseDir: root,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  });
  return (output as ICruiseResult).summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
}

describe('the Worker', () => {
  it('an import of a layer above fails: value, type-only or dynamic', async () => {
    expect(
      await violations({
        'worker/model/value.ts': "import { open } from '../table/table-object.js';\nexport const x = open;\n",
        'worker/model/type-only.ts': "import type { Table } from '../table/table-object.js';\nexport type T = Table;\n",
        'worker/storage/dynamic.ts': "export const later = () => import('../notifications/notify.js');\n",
        'worker/table/table-object.ts': 'export const open = 1;\nexport type Table = number;\n',
        'worker/notifications/notify.ts': 'export const notify = 1;\n',
      }),
    ).toEqual([
      'worker: model imports no layer above it: worker/model/type-only.ts → worker/table/table-object.ts',
      'worker: model imports no layer above it: worker/model/value.ts → worker/table/table-object.ts',
      'worker: storage imports no layer above it: worker/storage/dynamic.ts → worker/notifications/notify.ts',
    ]);
  });

  it('an import down the order passes: routes → table → notifications → storage → model', async () => {
    expect(
      await violations({
        'worker/model/table.ts': 'export type Seat = 0 | 1 | 2;\n',
        'worker/storage/rows.ts': "import type { Seat } from '../model/table.js';\nexport const seats: Seat[] = [0];\n",
        'worker/notifications/notify.ts': "import { seats } from '../storage/rows.js';\nexport const told = seats;\n",
        'worker/table/table-object.ts': "import { told } from '../notifications/notify.js';\nexport const open = told;\n",
        'worker/routes/tables.ts': "import { open } from '../table/table-object.js';\nexport const route = open;\n",
        'worker/app.ts': "import { route } from './routes/tables.js';\nexport const app = route;\n",
      }),
    ).toEqual([]);
  });

  it('a cycle fails, within a layer too, its type-only half counted', async () => {
    expect(
      await violations({
        'worker/table/a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
        'worker/table/b.ts': "import type { a } from './a.js';\nexport const b = 1;\nexport type A = typeof a;\n",
      }),
    ).toEqual(['no cycle: worker/table/a.ts → worker/table/b.ts']); // once, where it is found (b's import is type-only)
  });
});

describe('the web app', () => {
  it('a folder below importing one above fails; an entry may import every page', async () => {
    expect(
      await violations({
        'web/src/table/TablePage.tsx': "import { snippet } from '../embed/EmbedSnippet.js';\nexport const page = snippet;\n",
        'web/src/embed/EmbedSnippet.tsx': "export const snippet = 'x';\n",
        'web/src/i18n.ts': "import { page } from './table/TablePage.js';\nexport const t = page;\n",
        'web/src/other-pages.tsx': "export const admin = () => import('./embed/EmbedSnippet.js');\n",
      }),
    ).toEqual([
      'web: base imports no layer above it: web/src/i18n.ts → web/src/table/TablePage.tsx',
      'web: table imports no layer above it: web/src/table/TablePage.tsx → web/src/embed/EmbedSnippet.tsx',
    ]);
  });
});
