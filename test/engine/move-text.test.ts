/** Moves by reply mail (API.md "Mail", Moves by reply): every form API.md lists, in German and English, and what is not a move. */
import { describe, expect, it } from 'vitest';
import { parseAction } from '../../shared/parse-action.js';
import { moveText } from '../../shared/move-name.js';
import { parseMoveText } from '../../shared/move-text.js';

const move = (line: string) => {
  const parsed = parseMoveText(line);
  if (!parsed.ok) throw new Error(`${line}: ${parsed.error.message}`);
  return parsed.value;
};

/** Every kind of move in the form moveText writes it. */
const WRITTEN = [
  'HK',
  'S10',
  'knock S7',
  'GA trump H',
  'pass',
  'hold',
  'bid 7',
  'double',
  'no double',
  'discard GA SK',
  'declare 8',
  'kontra',
  're',
  'no re',
  'claim',
];

describe('parseMoveText', () => {
  it.each([
    ['HK', 'HK'],
    ['hk', 'HK'],
    ['H10', 'H10'],
    ['Herz König', 'HK'],
    ['Herz-König', 'HK'],
    ['herz koenig', 'HK'],
    ['hearts king', 'HK'],
    ['King of Hearts', 'HK'],
    ['Eichel Ober', 'EO'],
    ['Gras Sau', 'GA'],
    ['Schellen Zehn', 'S10'],
    ['Schellen 7', 'S7'],
    ['under of bells', 'SU'],
    ['acorns ace', 'EA'],
    ['leaves nine', 'G9'],
    ['Kreuz Dame', 'EO'],
    ['queen of clubs', 'EO'],
    ['Karo Bube', 'SU'],
    ['HK.', 'HK'],
  ])('a card: %s is %s', (line, card) => {
    expect(move(line)).toEqual({ type: 'play', card });
  });

  it.each([
    ['pass', { type: 'pass' }],
    ['Pass', { type: 'pass' }],
    ['hold', { type: 'hold' }],
    ['bid 7', { type: 'bid', bid: '7' }],
    ['bid bettel', { type: 'bid', bid: 'bettel' }],
    ['double', { type: 'double', double: true }],
    ['no double', { type: 'double', double: false }],
    ['discard GA SK', { type: 'discard', cards: ['GA', 'SK'] }],
    ['discard ga, sk', { type: 'discard', cards: ['GA', 'SK'] }],
    ['discard Gras Sau, Schellen König', { type: 'discard', cards: ['GA', 'SK'] }],
    ['declare 8', { type: 'declare', contract: '8' }],
    ['declare mord', { type: 'declare', contract: 'mord' }],
    ['kontra', { type: 'kontra' }],
    ['Kontra!', { type: 'kontra' }],
    ['re', { type: 're' }],
    ['no re', { type: 're', re: false }],
    ['claim', { type: 'claim' }],
  ])('%s', (line, action) => {
    expect(move(line)).toEqual(action);
  });

  it.each([
    ['GA trump hearts', { type: 'play', card: 'GA', trump: 'H' }],
    ['GA trump H', { type: 'play', card: 'GA', trump: 'H' }],
    ['Gras Sau, Trumpf Herz', { type: 'play', card: 'GA', trump: 'H' }],
    ['Trumpf Schellen: Eichel 7', { type: 'play', card: 'E7', trump: 'S' }],
    ['ace of leaves trump bells', { type: 'play', card: 'GA', trump: 'S' }],
    ['knock S7', { type: 'play', card: 'S7', knock: true }],
    ['S7 klopfen', { type: 'play', card: 'S7', knock: true }],
    ['Knock, seven of bells.', { type: 'play', card: 'S7', knock: true }],
  ])('a card with what it carries (R7.2 named trump, R7.11 knock): %s', (line, action) => {
    expect(move(line)).toEqual(action);
  });

  it('every move but claim is an action the engine takes as it is (parseAction gives it back unchanged)', () => {
    for (const line of WRITTEN.filter((form) => form !== 'claim')) {
      const action = move(line);
      expect(parseAction(action)).toEqual({ ok: true, value: action });
    }
  });

  it.each([
    '',
    'hello',
    'Herz',
    'König',
    'HX',
    'H11',
    'bid 11',
    'bid',
    'declare',
    'discard GA',
    'discard GA SK EA',
    'pass please',
    'Herz König Ober',
    'double double',
    'knock',
    'trump hearts',
    'GA trump',
    'GA trump king',
    'knock knock S7',
  ])('not a move: %j, refused with the forms it understands', (line) => {
    const parsed = parseMoveText(line);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error.code).toBe('bad_request');
      expect(parsed.error.message).toContain('Herz König');
    }
  });
});

describe('moveText', () => {
  it('names every move in a form parseMoveText reads back as the same move', () => {
    for (const line of WRITTEN) {
      expect(moveText(move(line))).toBe(line);
    }
  });
});
