/**
 * The table page decides no rule: the guides at the controls and the last trick's title read
 * the view's facts (forcedGame, redealsLeft, nextCardFixesTrump, lastTrickIs), which the
 * engine computes by each rule's own function (test/engine/view-facts.test.ts). Each case
 * also gives a view whose fact says otherwise, which the page must follow.
 */
import { describe, expect, it } from 'vitest';
import type { TableOptions } from '../../shared/options.js';
import { dealNextGame, startSeries, type SeriesState } from '../../shared/series.js';
import { viewOf, type SeriesView } from '../../shared/view.js';
import { loadLanguage, loadLaterTexts, translator } from '../../web/src/i18n.js';
import { guidesOf } from '../../web/src/table/Guidance.js';
import { shownTrick } from '../../web/src/table/Tricks.js';
import { must, runSeries, SUIT_DEAL } from '../engine/support.js';

// The dictionaries are chunks of their own, loaded as the app loads them (web/src/i18n.ts).
await Promise.all([loadLanguage('en'), loadLanguage('de'), loadLaterTexts()]);

/** A series at its first deal (SUIT_DEAL, dealer 0: forehand 1, middlehand 2) after a script of `seat:word` moves (test/engine/support.ts). */
const after = (options: Partial<TableOptions>, script: string): SeriesState =>
  runSeries(must(dealNextGame(must(startSeries({ doubling: false, ...options })), SUIT_DEAL)), script);

/** Forehand bids 6, discards and announces 6: its first card is next, and fixes trump. */
const DECLARED = '1:6 2:pass 0:pass 1:G8,G7 1:6';

const en = translator('en');
const guides = (view: SeriesView) => Object.fromEntries(guidesOf(view, en).map((g) => [g.id, g.text]));

describe('the guides read the view', () => {
  it('R5: what everybody passing leads to follows redealsLeft', () => {
    const pot = viewOf(after({ allPass: 'pot', potStake: 2 }, ''), 1)!;
    expect(pot.redealsLeft).toBe(3);
    expect(guides(pot)['all-pass']).toBe('If everybody passes, each pays 2 units into the pot and the cards are dealt again.');
    expect(guides({ ...pot, redealsLeft: 0 })['all-pass']).toBe(
      'No more redeals: if everybody passes now, forehand must play a forced game of at least 6 tricks.',
    );
    const forced = viewOf(after({}, ''), 1)!;
    expect(guides(forced)['all-pass']).toBe('If everybody passes, forehand must play: a forced game of at least 6 tricks.');
    expect(guides(forced).bids).toContain('6 to 9 is how many');
    expect(guides(viewOf(after({ tenTrickBid: true }, ''), 1)!).bids).toContain('6 to 10 is how many');
  });

  it('R5.1: the forced game is told to its declarer as the view says it', () => {
    const forced = viewOf(after({}, '1:pass 2:pass 0:pass'), 1)!;
    expect(forced.forcedGame).toBe(true);
    expect(guides(forced).forced).toBe('Everybody passed: this is a forced game. You play as forehand and must take at least 6 tricks.');
    expect(guides({ ...forced, forcedGame: false }).forced).toBeUndefined();
    const bid = viewOf(after({}, '1:6 2:pass 0:pass'), 1)!;
    expect(guides(bid).forced).toBeUndefined();
    expect(guides({ ...bid, forcedGame: true }).forced).toBeDefined();
  });

  it("R7.2: the declarer's first card fixes trump as nextCardFixesTrump says", () => {
    const led = viewOf(after({}, DECLARED), 1)!;
    expect(guides(led)['trump-led']).toBe('Your first card sets trump: its suit is trump for the whole game.');
    expect(guides({ ...led, nextCardFixesTrump: false })['trump-led']).toBeUndefined();
    expect(guides(viewOf(after({ trump: 'named' }, DECLARED), 1)!)['trump-named']).toBeDefined();
    // Not to a defender, who has no card to play now.
    expect(guides(viewOf(after({}, DECLARED), 2)!)['trump-led']).toBeUndefined();
    expect(guides(viewOf(after({}, '1:6 2:pass 0:pass 1:G8,G7 1:bettel'), 1)!)['trump-led']).toBeUndefined();
  });
});

describe('the last trick reads the view', () => {
  it('R7.10: its title follows lastTrickIs, with none while the other side has taken no trick', () => {
    const opponents = { trickHistory: 'opponents' } as const;
    expect(shownTrick(viewOf(after(opponents, `${DECLARED} 1:HA`), 0)!)).toBeNull();
    // The declarer takes trick 1 and leads to trick 2.
    expect(shownTrick(viewOf(after(opponents, `${DECLARED} 1:HA 2:S7 0:E7`), 0)!)).toBe('latest');
    const next = after(opponents, `${DECLARED} 1:HA 2:S7 0:E7 1:HK`);
    expect([shownTrick(viewOf(next, 0)!), shownTrick(viewOf(next, null)!), shownTrick(viewOf(next, 1)!)]).toEqual([
      'other-side',
      'other-side',
      'none',
    ]);
    // The page follows the field, not the option: the same view told "latest" is titled so.
    expect(shownTrick({ ...viewOf(next, 0)!, lastTrickIs: 'latest' })).toBe('latest');
  });
});
