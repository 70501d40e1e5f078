/** The move log's lines (web/src/table/move-log-lines.ts) from real views of the engine. */
import type { VNode } from 'preact';
import { describe, expect, it } from 'vitest';
import type { Action } from '../../shared/actions.js';
import type { Suit } from '../../shared/cards.js';
import { legalActions } from '../../shared/game.js';
import type { Seat } from '../../shared/options.js';
import { applySeriesAction, dealNextGame, startSeries, type SeriesState } from '../../shared/series.js';
import { viewOf } from '../../shared/view.js';
import { loadLanguage, loadLaterTexts, translator } from '../../web/src/i18n.js';
import { Name, plainText } from '../../web/src/names.js';
import { suitName } from '../../web/src/cards/names.js';
import { lastOwnMove, logLines, type Line, type LogView } from '../../web/src/table/move-log-lines.js';

// The dictionaries are chunks of their own, loaded as the app loads them (web/src/i18n.ts).
await Promise.all([loadLanguage('en'), loadLanguage('de'), loadLaterTexts()]);

const NAMES = ['Anna', 'Bert', 'Cilli'];
/** Suits named as the table page names them, with Bavarian cards. */
const suits = { en: (s: Suit) => suitName(s, 'bavarian', 'en'), de: (s: Suit) => suitName(s, 'bavarian', 'de') };
const DEAL = {
  hands: [
    ['EA', 'EK', 'EO', 'EU', 'E10', 'E9', 'E8', 'E7', 'GA', 'GK'],
    ['HA', 'HK', 'HO', 'HU', 'H10', 'H9', 'H8', 'H7', 'GO', 'GU'],
    ['SA', 'SK', 'SO', 'SU', 'S10', 'S9', 'S8', 'S7', 'G10', 'G9'],
  ],
  stock: ['G8', 'G7'],
};

function must<T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

function series(options: Record<string, unknown>): SeriesState {
  return must(dealNextGame(must(startSeries({ firstDealer: 2, ...options })), DEAL));
}

const act = (s: SeriesState, seat: Seat, action: Action): SeriesState => must(applySeriesAction(s, seat, action));

/** Everybody passes (the forced game, R5.1), the declarer discards, announces 6 and `plays` cards are played (the first legal each). */
function forcedGame(plays: number): SeriesState {
  let s = series({ doubling: false, trickHistory: 'last' });
  for (const seat of [0, 1, 2] as Seat[]) s = act(s, seat, { type: 'pass' });
  const declarer = s.game!.declarer as Seat;
  s = act(s, declarer, { type: 'discard', cards: ['G8', 'G7'] });
  s = act(s, declarer, { type: 'declare', contract: '6' });
  for (let i = 0; i < plays; i++) {
    const seat = s.game!.turn as Seat;
    s = act(
      s,
      seat,
      legalActions(s.game!, seat).find((a) => a.type === 'play')!,
    );
  }
  return s;
}

const logView = (s: SeriesState, seat: Seat | null): LogView => ({
  ...viewOf(s, seat)!,
  seats: viewOf(s, seat)!.seats.map((x, i) => ({ ...x, name: NAMES[i]!, bot: false, botLevel: null, vacationUntil: null, vacationHoursLeft: 72 })),
});

/** What the lines say, as text. */
const said = (lines: readonly Line[]): string[] => lines.map((l) => plainText(l.text));

describe('the move log', () => {
  const en = translator('en');
  const de = translator('de');

  it('R5.1: the forced game is told after the last pass; the discard and the contract follow', () => {
    const lines = logLines(en, logView(forcedGame(0), 1), suits.en);
    expect(said(lines)).toEqual([
      'Anna: passes',
      'Bert: passes',
      'Cilli: passes',
      'Everybody passed: Anna had to play 6 (forced game).',
      'Anna discards two cards',
      'Anna announces 6',
    ]);
    // The view's forcedGame says it (R5.1, R5.4, shared/all-pass.ts), not the log's own reading of the moves.
    const told = said(logLines(en, { ...logView(forcedGame(0), 1), forcedGame: false }, suits.en));
    expect(told).not.toContain('Everybody passed: Anna had to play 6 (forced game).');
    expect(told).toHaveLength(5);
  });

  it('R7.10: a trick whose cards the view no longer shows is one line with its winner; the current trick shows each card', () => {
    const s = forcedGame(7); // two tricks complete, one card of the third
    const view = logView(s, 2);
    const lines = logLines(en, view, suits.en).slice(6);
    const winners = view.trickWinners.map((w) => NAMES[w]);
    expect(lines[0]).toMatchObject({ kind: 'trick-head', moves: [5, 6, 7] });
    expect(plainText(lines[0]!.text)).toBe(`Trick 1: won by ${winners[0]}`);
    expect(lines[0]!.card).toBeUndefined();
    // Trick 2 is the view's lastTrick ("last"): a head with its winner, then each card.
    expect(lines[1]!.kind).toBe('trick-head');
    expect(plainText(lines[1]!.text)).toBe(`Trick 2 · won by ${winners[1]}`);
    expect(lines.slice(2, 5).map((l) => l.card)).toEqual(viewOf(s, 2)!.lastTrick!.cards.map((c) => c.card));
    expect([lines[5]!.kind, plainText(lines[5]!.text)]).toEqual(['trick-head', 'Trick 3']);
    const current = lines.at(-1)!;
    expect(current.card).toBe(viewOf(s, 2)!.trick[0]!.card);
    expect(plainText(current.text)).toBe(`${NAMES[viewOf(s, 2)!.trick[0]!.seat]} plays`);
    expect(plainText(logLines(de, view, suits.de)[6]!.text)).toBe(`1. Stich: geht an ${winners[0]}`);
  });

  it('the viewer’s last own move, and an automatic move marked as such', () => {
    const s = forcedGame(4);
    const view = logView(s, 0);
    const own = lastOwnMove(view.moves, 0);
    expect(view.moves[own]!.seat).toBe(0);
    expect(view.moves.slice(own + 1).every((m) => m.seat !== 0)).toBe(true);
    expect(lastOwnMove(view.moves, null)).toBe(-1);
    const auto = { ...view, moves: view.moves.map((m, i) => (i === 1 ? { ...m, auto: true } : m)) } as LogView;
    expect(logLines(en, auto, suits.en)[1]!.auto).toBe(true);
    expect(logLines(en, view, suits.en)[1]!.auto).toBe(false);
  });

  it('R3.1: while the doubling window is open a seat reads its own choice, and only that the others decided', () => {
    let s = series({ doubling: true });
    s = act(s, 0, { type: 'double', double: true });
    s = act(s, 1, { type: 'double', double: false });
    expect(said(logLines(en, logView(s, 0), suits.en))).toEqual(['You doubled', 'Bert: decided']);
    expect(said(logLines(en, logView(s, 2), suits.en))).toEqual(['Anna: decided', 'Bert: decided']);
    s = act(s, 2, { type: 'double', double: true });
    expect(said(logLines(de, logView(s, null), suits.de))).toEqual(['Anna: doppelt', 'Bert: doppelt nicht', 'Cilli: doppelt']);
  });

  it('R7.12: a refused claim is told as refused to every seat and spectator; a claim that ended the game, as a claim', () => {
    const view = logView(forcedGame(4), 2);
    const refused = { ...view, moves: [...view.moves, { seat: 1, type: 'claim', refused: true }] } as LogView;
    for (const seat of [0, 1, 2, null] as const)
      expect(said(logLines(en, { ...refused, seat }, suits.en)).at(-1)).toBe('Bert claimed the rest: refused');
    expect(said(logLines(de, refused, suits.de)).at(-1)).toBe('Bert hat den Rest beansprucht: abgelehnt');
    const ended = { ...view, moves: [...view.moves, { seat: 1, type: 'claim' }] } as LogView;
    expect(said(logLines(en, ended, suits.en)).at(-1)).toBe('Bert claims the rest of the game');
  });

  it('puts each name in a line of its own <Name> (a <bdi> on the page), never into the text around it', () => {
    const lines = logLines(en, logView(forcedGame(7), 2), suits.en);
    const namesIn = (line: Line) => line.text.filter((part) => typeof part !== 'string').map((part) => part as VNode<{ name: string }>);
    expect(lines.every((line) => namesIn(line).every((node) => node.type === Name))).toBe(true);
    expect(lines.slice(0, 6).map((line) => namesIn(line).map((node) => node.props.name))).toEqual([
      ['Anna'],
      ['Bert'],
      ['Cilli'],
      ['Anna'],
      ['Anna'],
      ['Anna'],
    ]);
    for (const line of lines)
      for (const name of NAMES)
        expect(line.text.filter((part) => typeof part === 'string').join(''), 'no name in the plain text of a line').not.toContain(name);
  });
});
