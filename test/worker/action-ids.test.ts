/** Client action ids compare actions in the engine's canonical form (worker/table/action-ids.ts). */
import { describe, expect, it } from 'vitest';
import { canonicalAction, sameAction } from '../../worker/table/action-ids.js';

describe('sameAction', () => {
  it.each([
    ['re said two ways', { type: 're', re: true }, { type: 're' }],
    ['a discard in either order', { type: 'discard', cards: ['EA', 'H7'] }, { type: 'discard', cards: ['H7', 'EA'] }],
    ['no knock said two ways', { type: 'play', card: 'EA', knock: false }, { type: 'play', card: 'EA' }],
    ['the envelope left out', { type: 'pass', id: 'a', version: 3 }, { type: 'pass' }],
    ['a named trump', { type: 'play', card: 'EA', trump: 'H' }, { trump: 'H', card: 'EA', type: 'play' }],
  ])('the same action: %s', (_what, a, b) => {
    expect(sameAction(a, b)).toBe(true);
    expect(canonicalAction(a)).toBe(canonicalAction(b));
  });

  it.each([
    ['re and no re', { type: 're' }, { type: 're', re: false }],
    ['another card to discard', { type: 'discard', cards: ['EA', 'H7'] }, { type: 'discard', cards: ['EA', 'H8'] }],
    ['a knock', { type: 'play', card: 'EA', knock: true }, { type: 'play', card: 'EA' }],
    ['another named trump', { type: 'play', card: 'EA', trump: 'H' }, { type: 'play', card: 'EA', trump: 'S' }],
    ['doubling or not', { type: 'double', double: true }, { type: 'double', double: false }],
    ['another type', { type: 'pass' }, { type: 'hold' }],
    ['an action the engine refuses', { type: 'discard', cards: ['EA', 'EA'] }, { type: 'discard', cards: ['EA', 'EA'] }],
  ])('different actions: %s', (_what, a, b) => {
    expect(sameAction(a, b)).toBe(false);
  });
});
