/**
 * `npm run lint` runs this after ESLint: no import cycles among the project's modules, type-only
 * imports counted. ESLint's import-x/no-cycle checks the cycles of values only (it skips
 * `import type` by design, as they vanish at run time); but a type import ties two modules'
 * meaning as firmly, and a cycle of them is a layer that cannot be read from the top. So every
 * static `import … from` and `export … from` between files of shared/, worker/, web/src and
 * scripts/ makes an edge here, and each cycle found is printed with its modules, and fails.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const ROOTS = ['shared', 'worker', 'web/src', 'scripts'];
const GENERATED = new Set(['worker/worker-configuration.d.ts', 'scripts/api-types.ts']);

/** Every TypeScript source below the roots. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sources(path);
    return /\.tsx?$/.test(name) && !GENERATED.has(relative(root, path)) ? [path] : [];
  });
}

/** The module a relative specifier names: `./x.js` is `./x.ts` or `./x.tsx` (or its index). */
function target(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), join(base, 'index.ts')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;

const files = ROOTS.flatMap((dir) => sources(join(root, dir)));
const edges = new Map<string, string[]>(
  files.map((file) => {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(IMPORT)].map((m) => target(file, m[1]!)).filter((t): t is string => t !== null);
    return [file, [...new Set(targets)]];
  }),
);

/** Tarjan's strongly connected components: a component of more than one module is a cycle. */
function cycles(): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    indexOf.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
    }
    if (low.get(v) !== indexOf.get(v)) return;
    const component: string[] = [];
    for (let w = stack.pop()!; ; w = stack.pop()!) {
      onStack.delete(w);
      component.push(w);
      if (w === v) break;
    }
    if (component.length > 1) found.push(component.map((f) => relative(root, f)).sort());
  };
  for (const file of files) if (!indexOf.has(file)) visit(file);
  return found;
}

const found = cycles();
if (found.length > 0) {
  console.error(`${found.length} import cycle(s), type-only imports counted (scripts/import-cycles.ts):`);
  for (const cycle of found) console.error(`  ${cycle.join(' ↔ ')}`);
  process.exit(1);
}
console.log(`no import cycles among ${files.length} modules (type-only imports counted)`);
