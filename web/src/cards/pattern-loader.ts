/** Loads the French cards when a reader chooses them (french-cards.ts): main.tsx, before the first paint or on a switch. */
import { isPatternLoaded, setFrenchCards } from './french-cards.js';
import { setFrenchShape } from './suits.js';

export async function loadPattern(pattern: 'bavarian' | 'french'): Promise<void> {
  if (isPatternLoaded(pattern)) return;
  const { french, FrenchShape } = await import('./french.js');
  setFrenchShape(FrenchShape);
  setFrenchCards(french);
}
