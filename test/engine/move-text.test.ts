/**
 * Moves by reply mail (API.md "Mail", Moves by reply): every form API.md lists, in German and
 * English, what is not a move, what is refused as more than a move (readMoveLine), and the
 * forms a turn mail writes (replyText), read back as the same move for every legal action of
 * random games.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { randomMove, seededRng } from '../../shared/bots.js';
import { CARD_CODES } from '../../shared/cards.js';
import { shuffleDeal } from '../../shared/deal.js';
import { legalActions } from '../../shared/game.js';
import { parseAction } from '../../shared/parse-action.js';
import { moveText, replyText, type MoveByText } from '../../shared/move-name.js';
import { parseMoveText, readMoveLine } from '../../shared/move-text.js';
import type { Seat } from '../../shared/options.js';
import { applySeriesAction, dealNextGame, startSeries } from '../../shared/series.js';
import { must, wordsFrom } from './support.js';

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

describe("every move in both languages (API.md: the German page's words and the English ones)", () => {
  it.each([
    ['pass', { type: 'pass' }],
    ['weiter', { type: 'pass' }],
    ['Weiter', { type: 'pass' }],
    ['passe', { type: 'pass' }],
    ['ich passe', { type: 'pass' }],
    ['Ich passe.', { type: 'pass' }],
    ['hold', { type: 'hold' }],
    ['halte', { type: 'hold' }],
    ['Ich halte', { type: 'hold' }],
    ['7', { type: 'bid', bid: '7' }],
    ['10', { type: 'bid', bid: '10' }],
    ['7.', { type: 'bid', bid: '7' }],
    ['7 reizen', { type: 'bid', bid: '7' }],
    ['Bettel', { type: 'bid', bid: 'bettel' }],
    ['bid mord', { type: 'bid', bid: 'mord' }],
    ['doppeln', { type: 'double', double: true }],
    ['Doppeln', { type: 'double', double: true }],
    ['nicht doppeln', { type: 'double', double: false }],
    ['Nicht doppeln.', { type: 'double', double: false }],
    ['GA SK drücken', { type: 'discard', cards: ['GA', 'SK'] }],
    ['GA SK druecken', { type: 'discard', cards: ['GA', 'SK'] }],
    ['drücke GA SK', { type: 'discard', cards: ['GA', 'SK'] }],
    ['discard GA and SK', { type: 'discard', cards: ['GA', 'SK'] }],
    ['Gras Sau und Schellen König drücken', { type: 'discard', cards: ['GA', 'SK'] }],
    ['discard ace of leaves, king of bells', { type: 'discard', cards: ['GA', 'SK'] }],
    ['Grassau Schellenkönig drücken', { type: 'discard', cards: ['GA', 'SK'] }],
    ['8 ansagen', { type: 'declare', contract: '8' }],
    ['Bettel ansagen', { type: 'declare', contract: 'bettel' }],
    ['declare 10', { type: 'declare', contract: '10' }],
    ['Kontra', { type: 'kontra' }],
    ['Re', { type: 're' }],
    ['kein re', { type: 're', re: false }],
    ['Kein Re', { type: 're', re: false }],
    ['Rest', { type: 'claim' }],
    ['Rest beanspruchen', { type: 'claim' }],
    ['GA Trumpf H', { type: 'play', card: 'GA', trump: 'H' }],
    ['S7 klopfen', { type: 'play', card: 'S7', knock: true }],
    ['HK Trumpf S klopfen', { type: 'play', card: 'HK', trump: 'S', knock: true }],
  ])('%s', (line, action) => {
    expect(move(line)).toEqual(action);
  });

  it.each([
    ['Herz König', 'HK'],
    ['Herzkönig', 'HK'],
    ['Herzkoenig', 'HK'],
    ['HERZ KÖNIG', 'HK'],
    ['Herz-König.', 'HK'],
    ['Herz-Sau', 'HA'],
    ['Herzsau', 'HA'],
    ['Herz As', 'HA'],
    ['Herz Ass', 'HA'],
    ['Herz-As', 'HA'],
    ['Herzass', 'HA'],
    ['Herz A', 'HA'],
    ['Eichelober', 'EO'],
    ['Grün Unter', 'GU'],
    ['Gruen-Unter', 'GU'],
    ['Schellenzehn', 'S10'],
    ['Schelln 7', 'S7'],
    ['Schellen7', 'S7'],
    ['Sieben Schellen', 'S7'],
    ['hearts king', 'HK'],
    ['king of hearts', 'HK'],
    ['King of Hearts.', 'HK'],
    ['ace of spades', 'GA'],
    ['*HK*', 'HK'],
    ['HK 👍', 'HK'],
    ['SO', 'SO'],
  ])('a card: %s is %s', (line, card) => {
    expect(move(line)).toEqual({ type: 'play', card });
  });
});

/** How readMoveLine reads a line: its kind, and the move or the refusal's words. */
const reading = (line: string): string => {
  const read = readMoveLine(line);
  return read.kind === 'move' ? moveText(read.move) : read.kind === 'none' ? 'none' : read.reason;
};

describe('never misread: a line is a move when all its words are the move (readMoveLine)', () => {
  it.each([
    'Hallo,',
    'Hallo Sepp,',
    'Hi Sepp,',
    'Servus',
    'Servus beinand!',
    'Liebe Grüße',
    'Hier mein Zug:',
    "Here's my move:",
    "I'll be back on the 7th",
    'Sorry für die 2 Tage Verspätung',
    'a heart, I think',
    'Ich spiele so:',
    'na gut, dann ha',
    'Let’s go',
    '',
  ])('no move in it, passed over: %j', (line) => {
    expect(readMoveLine(line)).toEqual({ kind: 'none' });
  });

  it.each([
    ['HK oder pass', 'not one move: the line holds two, HK and pass'],
    ['Herz König or pass', 'not one move: the line holds two, HK and pass'],
    ['7 oder 8', 'not one move: the line holds two, bid 7 and bid 8'],
    ['HK bitte', 'not one move: the line holds HK and other words'],
    ['pass, sorry', 'not one move: the line holds pass and other words'],
    ['Ich passe, sorry!', 'not one move: the line holds pass and other words'],
    ['Hallo Sepp, HK', 'not one move: the line holds HK and other words'],
    ['Mein Zug: HK', 'not one move: the line holds HK and other words'],
    ['Herz Sau – und tschüss', 'not one move: the line holds HA and other words'],
    ["I'll be back on the 7.", 'not one move: the line holds bid 7 and other words'],
    ['Bin in 10 Minuten zurück', 'not one move: the line holds bid 10 and other words'],
    ['GA trump H please', 'not one move: the line holds GA trump H and other words'],
    ['knock S7 bitte', 'not one move: the line holds knock S7 and other words'],
    ['HK HK', 'not one move: the line holds HK twice'],
    ['HK?', 'not a move: a question (HK?)'],
    ['pass oder hold?', 'not a move: a question holding pass'],
    ['so', 'not a move: "so" is a word; the card SO in capitals is one'],
    ['So.', 'not a move: "So" is a word; the card SO in capitals is one'],
    ['Ich halte 7', 'not one move: hold takes no level, it holds the bid standing; write halte or hold alone on a line'],
    ['So, HK', 'not one move: the line holds HK and other words'],
  ])('refused, never skipped: %j', (line, reason) => {
    const read = readMoveLine(line);
    expect(read.kind).toBe('unclear');
    expect(reading(line)).toContain(reason);
    // parseMoveText refuses it with the same words.
    expect(parseMoveText(line)).toEqual({ ok: false, error: { code: 'bad_request', message: reading(line) } });
  });

  it('a line of 64 KiB is read in time, whatever it is made of: one of move words is refused as too long', () => {
    for (const unit of ['herz ', 'of ', 'so ', 'hallo ', 'knock herz trump ', 'discard herz und ']) {
      const line = unit.repeat(Math.ceil(65_536 / unit.length)).slice(0, 65_536);
      const start = performance.now();
      const read = readMoveLine(line);
      expect(performance.now() - start, unit).toBeLessThan(2_000);
      expect(read.kind, unit).toBe(unit === 'hallo ' ? 'none' : 'unclear');
    }
    expect(reading('herz '.repeat(20_000))).toContain('not a move: the line is too long to read');
    // A long line of ordinary words with a move word near its end is refused, not passed over.
    expect(reading(`${'Servus beinand '.repeat(1_000)} HK`)).toContain('not one move: the line holds HK and other words');
  });
});

describe('replyText: how a turn mail writes a move, in its language', () => {
  it.each<[MoveByText, string, string]>([
    [{ type: 'play', card: 'HK' }, 'HK', 'HK'],
    [{ type: 'play', card: 'S7', knock: true }, 'S7 klopfen', 'knock S7'],
    [{ type: 'play', card: 'GA', trump: 'H' }, 'GA Trumpf H', 'GA trump H'],
    [{ type: 'play', card: 'GA', trump: 'H', knock: true }, 'GA Trumpf H klopfen', 'knock GA trump H'],
    [{ type: 'pass' }, 'weiter', 'pass'],
    [{ type: 'hold' }, 'halte', 'hold'],
    [{ type: 'bid', bid: '7' }, '7', 'bid 7'],
    [{ type: 'bid', bid: 'bettel' }, 'Bettel', 'bid bettel'],
    [{ type: 'double', double: true }, 'doppeln', 'double'],
    [{ type: 'double', double: false }, 'nicht doppeln', 'no double'],
    [{ type: 'discard', cards: ['GA', 'SK'] }, 'GA SK drücken', 'discard GA SK'],
    [{ type: 'declare', contract: '8' }, '8 ansagen', 'declare 8'],
    [{ type: 'declare', contract: 'mord' }, 'Mord ansagen', 'declare mord'],
    [{ type: 'kontra' }, 'kontra', 'kontra'],
    [{ type: 're' }, 're', 're'],
    [{ type: 're', re: false }, 'kein re', 'no re'],
    [{ type: 'claim' }, 'Rest', 'claim'],
  ])('%j: %s / %s, read back as the same move', (action, de, en) => {
    expect(replyText(action, 'de')).toBe(de);
    expect(replyText(action, 'en')).toBe(en);
    expect(moveText(action)).toBe(en);
    for (const text of [de, en]) expect(move(text)).toEqual(action);
  });

  it('a discard of any two cards, in either language and either order, is read back as written', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CARD_CODES), fc.constantFrom(...CARD_CODES), (first, second) => {
        const action: MoveByText = { type: 'discard', cards: [first, second] };
        for (const lang of ['de', 'en'] as const) expect(move(replyText(action, lang))).toEqual(action);
      }),
    );
  });

  it('every legal action of every seat, at every step of random games, is read back from its text in both languages', () => {
    const options = fc.record({
      doubling: fc.boolean(),
      tenTrickBid: fc.boolean(),
      trump: fc.constantFrom('led' as const, 'named' as const),
      knock: fc.boolean(),
      kontra: fc.boolean(),
      firstDealer: fc.constantFrom<Seat>(0, 1, 2),
    });
    let checked = 0;
    fc.assert(
      fc.property(options, fc.integer(), (given, seed) => {
        const rng = seededRng(seed);
        let series = must(dealNextGame(must(startSeries(given)), shuffleDeal(wordsFrom(rng))));
        while (series.game !== null && series.game.phase !== 'finished') {
          const game = series.game;
          for (const seat of [0, 1, 2] as const)
            for (const action of legalActions(game, seat)) {
              for (const lang of ['de', 'en'] as const) {
                const read = parseMoveText(replyText(action, lang));
                if (!read.ok || JSON.stringify(read.value) !== JSON.stringify(action))
                  throw new Error(`${JSON.stringify(action)} as ${lang} "${replyText(action, lang)}" read as ${JSON.stringify(read)}`);
              }
              checked++;
            }
          const next = randomMove(game, rng)!;
          series = must(applySeriesAction(series, next.seat, next.action));
        }
      }),
      { numRuns: 200 },
    );
    expect(checked).toBeGreaterThan(10_000);
  });
});
