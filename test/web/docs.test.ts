/**
 * The README stays a page a newcomer reads to the end, and docs/ stays current (issue 23):
 * the README has at most README_MAX_LINES lines; every relative link of the README and of
 * docs/*.md leads to a file, and to a heading of it when it names one; every page of docs/
 * is linked from the README; and every file or folder of the project a page names in code
 * (`worker/published/clock.ts`, `routes/chain.ts`, `presence.ts`) exists, so that a module moved
 * or renamed fails here instead of sending a reader to a file that is gone.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const README_MAX_LINES = 250;

const root = fileURLToPath(new URL('../../', import.meta.url));
const pages = ['README.md', ...readdirSync(join(root, 'docs')).flatMap((name) => (name.endsWith('.md') ? [`docs/${name}`] : []))];
const text = (page: string): string => readFileSync(join(root, page), 'utf8');

/** A page without its fenced code blocks: their contents are examples (a client's own file names), not references. */
const prose = (page: string): string => text(page).replace(/^```[^\n]*\n[\s\S]*?^```[^\n]*$/gm, '');

/** The anchors of a page's headings, as GitHub makes them (lower case, punctuation dropped, each space a hyphen, repeats numbered). */
function anchorsOf(page: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of prose(page).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const slug = heading!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

/** The relative links of a page (images included): its path as written and where it leads from the repository's root. */
function linksOf(page: string): { written: string; path: string; anchor: string | undefined }[] {
  return [...prose(page).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target)) // https:, mailto: lead elsewhere
    .map((written) => {
      const [file, anchor] = written.split('#', 2) as [string, string | undefined];
      const path = file === '' ? page : normalize(join(dirname(page), decodeURIComponent(file)));
      return { written, path, anchor };
    });
}

const sharedDir = join(root, '../shared');

/** What `../shared/` beside the project holds (read-only material, as in CI), and the pages name: taken as there where the folder is not. */
const SHARED = { files: ['../shared/API.md', '../shared/RULES.md', '../shared/STYLE.md'], dirs: ['../shared', '../shared/seeds'] };

/** Every file and folder of the project (its source, not what is installed or built), and of `../shared/` beside it. */
function projectPaths(): { files: string[]; dirs: string[] } {
  const files: string[] = [];
  const dirs: string[] = [];
  const skip = new Set(['node_modules', '.git', '.wrangler', 'dist', 'coverage']);
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      if (skip.has(name)) continue;
      const path = join(dir, name);
      const rel = relative(root, path);
      if (statSync(path).isDirectory()) {
        dirs.push(rel);
        walk(path);
      } else files.push(rel);
    }
  };
  walk(root);
  if (existsSync(sharedDir)) {
    dirs.push('../shared');
    for (const name of readdirSync(sharedDir)) (statSync(join(sharedDir, name)).isDirectory() ? dirs : files).push(`../shared/${name}`);
  } else {
    // A clone with nothing beside it: the pages may still name what ../shared holds where it is (as in CI).
    files.push(...SHARED.files);
    dirs.push(...SHARED.dirs);
  }
  return { files, dirs };
}

/** Folders a page may name that are built, not kept: `npm run build` makes web/dist. */
const BUILT = new Set(['web/dist']);

/** Whether code `token` names a path of the project that is not there; null when it names no path. */
function missingPath(token: string, { files, dirs }: { files: string[]; dirs: string[] }): boolean | null {
  const path = token.replace(/\/$/, '');
  if (BUILT.has(path)) return false;
  const top = /^(\.\.\/shared|\.ci|docs|drizzle|scripts|shared|test|web|worker)\//.test(token);
  const isFile = /\.(ts|tsx|js|mjs|css|json|toml|md|sql|txt|webmanifest|png|svg)$/.test(path);
  // A path from the root (`worker/…`), or a partial one (`published/clock.ts`, `presence.ts`) that must end some path.
  if (!/^[\w.][\w./-]*$/.test(token) || (!top && !isFile && !token.endsWith('/'))) return null;
  if (top) return !files.includes(path) && !dirs.includes(path);
  return !(isFile ? files : dirs).some((p) => p === path || p.endsWith(`/${path}`));
}

describe('the README and docs/', () => {
  it(`the README has at most ${README_MAX_LINES} lines`, () => {
    const lines = text('README.md').replace(/\n$/, '').split('\n').length;
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('every relative link leads to a file, and to a heading of it when it names one', () => {
    const broken = pages.flatMap((page) =>
      linksOf(page).flatMap(({ written, path, anchor }) => {
        if (!existsSync(join(root, path))) return [`${page}: ${written} (no ${path})`];
        if (anchor !== undefined && path.endsWith('.md') && !anchorsOf(path).has(anchor))
          return [`${page}: ${written} (no heading #${anchor} in ${path})`];
        return [];
      }),
    );
    expect(broken).toEqual([]);
  });

  it('every page of docs/ is linked from the README', () => {
    const linked = new Set(linksOf('README.md').map((link) => link.path));
    expect(pages.filter((page) => page.startsWith('docs/') && !linked.has(page))).toEqual([]);
  });

  it('every file or folder a page names in code exists', () => {
    const paths = projectPaths();
    const missing = pages.flatMap((page) =>
      [...prose(page).matchAll(/`([^`]+)`/g)].flatMap(([, token]) => (missingPath(token!.trim(), paths) === true ? [`${page}: ${token}`] : [])),
    );
    expect(missing).toEqual([]);
  });

  it.runIf(existsSync(sharedDir))(
    '../shared holds what the pages may name of it where it is absent (only where ../shared is beside the project)',
    () => {
      const { files, dirs } = projectPaths();
      expect(SHARED.files.filter((file) => !files.includes(file))).toEqual([]);
      expect(SHARED.dirs.filter((dir) => !dirs.includes(dir))).toEqual([]);
    },
  );

  it('the checks see what they check: links, anchors and named files are found, and a name that is gone is caught', () => {
    expect(linksOf('README.md').some((link) => link.path === 'docs/server.md' && link.anchor === 'modules-in-layers')).toBe(true);
    expect(anchorsOf('docs/api.md').has('your-own-bot-npm-run-bot----seat-link')).toBe(true);
    const paths = projectPaths();
    expect(missingPath('worker/table/table-object.ts', paths)).toBe(false);
    expect(missingPath('routes/chain.ts', paths)).toBe(false);
    expect(missingPath('worker/notifications/', paths)).toBe(false);
    expect(missingPath('worker/table/notifier.ts', paths)).toBe(true);
    expect(missingPath('table/scheduler.ts', paths)).toBe(true);
    expect(missingPath('table-state.ts', paths)).toBe(true);
    expect(missingPath('GET /api/tables/{id}', paths)).toBe(null);
  });
});
