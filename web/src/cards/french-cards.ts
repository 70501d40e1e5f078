/**
 * The French pattern's pictures and names, loaded only by a reader who chose it (most never do):
 * before the first paint when it is the stored choice (main.tsx, with the texts), or when the
 * reader switches to it; until then the page stays with the cards it shows.
 */
import type { FrenchCards } from './french.js';

let loaded: FrenchCards | null = null;

export const isPatternLoaded = (pattern: 'bavarian' | 'french'): boolean => pattern === 'bavarian' || loaded !== null;

export async function loadPattern(pattern: 'bavarian' | 'french'): Promise<void> {
  if (pattern === 'french') loaded ??= (await import('./french.js')).french;
}

export function frenchCards(): FrenchCards {
  if (loaded === null) throw new Error('the French cards are not loaded (loadPattern first)');
  return loaded;
}
