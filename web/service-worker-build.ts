/**
 * Writes into the built service worker (web/dist/sw.js, copied from web/public/sw.js) the files
 * a table page loads — its chunks, its styles, both languages' texts — so that the service
 * worker installs them all and a revisit needs no network for the code; and a version made of
 * their names, so that every build that changes them is a new service worker (a browser
 * updates one when its bytes change). The other pages' files are cached as they are fetched.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/** The line of web/public/sw.js that this build fills in. */
export const BUILD_MARK = "const BUILD = { version: 'dev', assets: [] };";

/** The pages a table page does not load (main.tsx): their chunks, and what only they import, are left out. */
const OTHER_PAGES =
  /[\\/]web[\\/]src[\\/](create[\\/]CreatePage|table[\\/]ReplayPage|rules[\\/]RulesPage|admin[\\/]AdminPage|embed[\\/]EmbedDocsPage|embed[\\/]EmbedPage)\.tsx$/;

interface ChunkFacts {
  readonly fileName: string;
  readonly isEntry: boolean;
  readonly facadeModuleId: string | null;
  readonly imports: readonly string[];
  readonly dynamicImports: readonly string[];
  readonly viteMetadata?: { readonly importedCss: ReadonlySet<string> };
}

/** The files of the table page: from the entry, every chunk it imports or loads later, and their styles, but the other pages'. */
export function tablePageFiles(chunks: readonly ChunkFacts[]): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files = new Set<string>();
  const visit = (file: string): void => {
    const chunk = byFile.get(file);
    if (chunk === undefined || files.has(file) || (chunk.facadeModuleId !== null && OTHER_PAGES.test(chunk.facadeModuleId))) return;
    files.add(file);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next);
  };
  for (const entry of chunks.filter((chunk) => chunk.isEntry)) visit(entry.fileName);
  return [...files].sort().map((file) => `/${file}`);
}

export function serviceWorkerBuild(): Plugin {
  let outDir = '';
  let assets: string[] = [];
  return {
    name: 'wallachen-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      assets = tablePageFiles(Object.values(bundle).filter((output) => output.type === 'chunk'));
    },
    writeBundle() {
      const file = join(outDir, 'sw.js');
      const source = readFileSync(file, 'utf8');
      if (!source.includes(BUILD_MARK)) throw new Error(`web/public/sw.js has no line ${BUILD_MARK} for the build to fill in`);
      const version = createHash('sha256').update(assets.join('\n')).digest('hex').slice(0, 12);
      writeFileSync(file, source.replace(BUILD_MARK, `const BUILD = ${JSON.stringify({ version, assets })};`));
    },
  };
}
