/**
 * R7.12 claims: hand-made endings, sure and not sure, and properties over random games: an
 * accepted claim settles as every legal play-out would, and the verdict is the same in every
 * world the claiming seat cannot tell from the real one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRng } from '../../shared/bots.js';
import { chooseAction } from '../../shared/bots/index.js';
import { drawWorlds, knowledgeOf } from '../../shared/bots/worlds.js';
import { applyTurn, CLAIM_REFUSALS, claimerView, claimRefusal, refusedClaim } from '../../shared/claims.js';
import { applyAction, legalActions, type GameState } from '../../shared/game.js';
import { formatRecord, parseRecord } from '../../shared/notation.js';
import type { Seat, TableOptions } from '../../shared/options.js';
import { recordOf, replayGame, validateRecord } from '../../shared/record.js';
import { analyseGame } from '../../shared/solver/analysis.js';
import { viewOf } from '../../shared/view.js';
import { randomEnding } from './endings.js';
import { deal, gameAfter, must, refusal, seriesOf } from './support.js';

const CLAIM = { type: 'claim' } as const;
const claim = (game: GameState, seat: Seat) => applyTurn(game, seat, CLAIM);
/** A claim's verdict: "sure" (the game ended by it), or the words of its refusal (recorded or not). */
const verdict = (game: GameState, seat: Seat): string => {
  const claimed = claim(game, seat);
  if (!claimed.ok) return claimed.error.message;
  return refusedClaim(claimed.value) ?? (claimed.value.phase === 'finished' ? 'sure' : 'accepted, but the game goes on');
};

/**
 * Seat 1 declares 6 with hearts, holding the top trumps: after six tricks it keeps HA HK HO H7,
 * and every other heart has been played (H8 by seat 2 to the first trick).
 */
const TRUMPS_DEAL = deal('E9 E8 E7 G9 G8 G7 SO SU S10 S9', 'HA HK HO HU H10 H9 H7 EA GA SA', 'H8 EK EO EU E10 GK GO GU G10 SK', 'S8 S7');
const TRUMPS_SCRIPT =
  '1:6 2:pass 0:pass 1:S8,S7 1:6  1:HU 2:H8 0:E9  1:H10 2:EK 0:E8  1:H9 2:EO 0:E7  1:EA 2:EU 0:G9  1:GA 2:GK 0:G8  1:SA 2:SK 0:S9';

/**
 * Seat 1 declares 6 with spades, led by its S7; after eight tricks it has taken five and holds
 * HA S8, seat 2 holds H8 H9 and seat 0 the two highest trumps left, SU S10.
 */
const DEFENCE_DEAL = deal('SU S10 S9 EU E10 E9 GU G10 G9 HO', 'S7 S8 EA EK EO GA GK GO HA HK', 'SA SK SO E7 E8 G7 G8 H7 H8 H9', 'HU H10');
const DEFENCE_SCRIPT =
  '1:6 2:pass 0:pass 1:HU,H10 1:6  1:S7 2:SO 0:S9  2:E7 0:E9 1:EO  1:EA 2:E8 0:E10  1:EK 2:SK 0:EU  2:G7 0:G9 1:GO  1:GA 2:G8 0:G10  1:GK 2:SA 0:GU  2:H7 0:HO 1:HK';

/** Seat 1 holds the tops of every suit but Eichel, where it holds EK and seat 2 EA. */
const MORD_DEAL = deal('E9 E8 E7 G9 G8 G7 H9 H8 H7 S9', 'EK EO GA GK GO HA HK SA SK SO', 'EA EU E10 GU G10 HO HU H10 SU S10', 'S8 S7');
const MORD_START = '1:6 2:pass 0:pass 1:S8,S7 1:mord';

/** Seat 1 plays bettel with the lowest cards; the defenders hold every higher card of its suits. */
const BETTEL_DEAL = deal('EA EK EO GA GK GO HA HK SA SK', 'E7 E8 G7 G8 H7 H8 S7 S8 E9 G9', 'EU E10 GU G10 HO HU H10 H9 SO SU', 'S10 S9');
const BETTEL_START = '1:6 2:pass 0:pass 1:S10,S9 1:bettel';
/** Eight tricks on, seat 0 holds EO GO, the declarer E9 G9, seat 2 HO HU. */
const BETTEL_ENDING = `${BETTEL_START}  1:E7 2:EU 0:EA  0:GA 1:G7 2:GU  0:HA 1:H7 2:H9  0:SA 1:S7 2:SO  0:EK 1:E8 2:E10  0:GK 1:G8 2:G10  0:HK 1:H8 2:H10  0:SK 1:S8 2:SU`;

const base = (given: Partial<TableOptions> = {}) => ({ doubling: false, kontra: false, ...given });

describe('R7.12: claims in hand-made endings', () => {
  it('R7.12: the declarer holding the only trumps left claims the rest; settled as if it took every trick (R9.1)', () => {
    const game = gameAfter(TRUMPS_SCRIPT, base({ trickHistory: 'all' }), TRUMPS_DEAL);
    const ended = must(claim(game, 1));
    expect(ended.phase).toBe('finished');
    expect(ended.outcome).toMatchObject({ kind: 'contract', won: true, declarerTricks: 10, endedEarly: false });
    expect(ended.outcome!.settlement.payments).toEqual([-10, 20, -10]);
    // The record holds the claim, and replays to the same state and settlement (R10.1).
    const record = recordOf(ended);
    expect(record.actions.at(-1)).toEqual({ seat: 1, action: CLAIM });
    expect(recordOf(must(replayGame(record)))).toEqual(record);
    expect(must(validateRecord(JSON.parse(JSON.stringify(record))))).toEqual(record);
    // The replay page's analysis reads the cards played up to the claim.
    expect(analyseGame(record)!.cards).toHaveLength(18);
    const text = formatRecord(record);
    expect(text).toContain('1:claim');
    expect(must(parseRecord(text))).toEqual(record);
  });

  it('R7.12: judged from all the declarer has seen: the first trick’s H8 counts although R7.10 no longer shows it (trickHistory last, opponents)', () => {
    for (const trickHistory of ['last', 'opponents'] as const) {
      const game = gameAfter(TRUMPS_SCRIPT, base({ trickHistory }), TRUMPS_DEAL);
      // The page shows the last trick only: H8 is not in it, nor in the declarer's view.
      expect(JSON.stringify(viewOf(seriesOf(game), 1))).not.toContain('H8');
      expect(verdict(game, 1), trickHistory).toBe('sure');
    }
  });

  it('R7.12: a defender holding the two highest trumps left claims: the declarer takes no more; settled with its five tricks (R9.1: lost)', () => {
    const game = gameAfter(DEFENCE_SCRIPT, base({ trickHistory: 'all' }), DEFENCE_DEAL);
    expect(game.tricksTaken[1]).toBe(5);
    const ended = must(claim(game, 0)); // not seat 0's turn: a claim may come at any time
    expect(ended.outcome).toMatchObject({ kind: 'contract', won: false, declarerTricks: 5, endedEarly: false });
    expect(ended.outcome!.settlement.payments).toEqual([6, -12, 6]);
  });

  it('R7.12: the declarer claiming with low trumps against higher ones is refused, and so is the other defender, who cannot see where the trumps are', () => {
    const game = gameAfter(DEFENCE_SCRIPT, base({ trickHistory: 'all' }), DEFENCE_DEAL);
    expect(verdict(game, 1)).toBe(CLAIM_REFUSALS.notSure);
    // Sure as the cards lie (seat 0 holds SU S10), but seat 2 cannot tell whether the declarer holds them.
    expect(verdict(game, 2)).toBe(CLAIM_REFUSALS.notSure);
  });

  it('R7.12: mord — the declarer holding the top of every suit claims all ten tricks at the start; with EK under a hidden EA it may not', () => {
    const tops = deal('E9 E8 E7 G9 G8 G7 H9 H8 H7 S9', 'EA EK GA GK GO HA HK SA SK SO', 'EO EU E10 GU G10 HO HU H10 SU S10', 'S8 S7');
    const sure = gameAfter(MORD_START, base(), tops);
    const ended = must(claim(sure, 1));
    expect(ended.outcome).toMatchObject({ kind: 'contract', won: true, declarerTricks: 10, endedEarly: false });
    expect(ended.outcome!.settlement.payments).toEqual([-10, 20, -10]);
    expect(verdict(gameAfter(MORD_START, base(), MORD_DEAL), 1)).toBe(CLAIM_REFUSALS.notSure);
  });

  it('R7.12: mord — after the declarer leads EK, the defender holding EA claims that the defenders take a trick (R7.9: lost at once)', () => {
    const game = gameAfter(`${MORD_START} 1:EK`, base(), MORD_DEAL);
    const ended = must(claim(game, 2));
    expect(ended.outcome).toMatchObject({ kind: 'contract', won: false, declarerTricks: 0, endedEarly: true });
    expect(ended.outcome!.settlement.payments).toEqual([10, -20, 10]);
    // The other defender cannot see who holds EA: for it the declarer may take the trick.
    expect(verdict(game, 0)).toBe(CLAIM_REFUSALS.notSure);
  });

  it('R7.12: bettel — with two cards left, the declarer’s lowest cards under the defenders’ higher ones: sure; settled as won (R9.2)', () => {
    const game = gameAfter(BETTEL_ENDING, base({ trickHistory: 'all' }), BETTEL_DEAL);
    expect(game.completedTricks).toBe(8);
    // Seat 0 leads EO or GO; either way the declarer's E9 and G9 stay under seat 0's and seat 2's cards.
    const ended = must(claim(game, 1));
    expect(ended.outcome).toMatchObject({ kind: 'contract', won: true, declarerTricks: 0, endedEarly: false });
    expect(ended.outcome!.settlement.payments).toEqual([-10, 20, -10]);
  });

  it('R7.12: bettel — the same two cards left with trickHistory last: still sure, as the declarer saw E8 and G8 go', () => {
    const game = gameAfter(BETTEL_ENDING, base({ trickHistory: 'last' }), BETTEL_DEAL);
    expect(verdict(game, 1)).toBe('sure');
  });

  it('R7.12, R10.1: a refused claim is recorded — every seat and the spectator see it, the record and its text hold it, the replay refuses it again — and its seat claims again only from the next trick', () => {
    const game = gameAfter(DEFENCE_SCRIPT, base({ trickHistory: 'all' }), DEFENCE_DEAL);
    const refused = must(claim(game, 1)); // low trumps against higher ones: not sure
    expect(refusedClaim(refused)).toBe(CLAIM_REFUSALS.notSure);
    expect(refused.phase).toBe('play');
    for (const seat of [0, 1, 2, null] as const) {
      const view = viewOf(seriesOf(refused), seat)!;
      expect(view.moves.at(-1), `seat ${seat}`).toEqual({ seat: 1, type: 'claim', refused: true });
      expect(view.mayClaim, `seat ${seat}`).toBe(seat === 0 || seat === 2);
    }
    // Again in the same trick: refused before any judging, and not recorded.
    expect(refusal(claim(refused, 1))).toEqual({ code: 'illegal_action', message: CLAIM_REFUSALS.again });
    // Seat 1 leads the trick under way (it took the last one with HK); only the next trick frees it.
    let after = refused;
    for (const action of ['1:HA', '2:H8', '0:SU'] as const) {
      const [seat, card] = action.split(':');
      expect(viewOf(seriesOf(after), 1)!.mayClaim, `before ${action}`).toBe(false);
      after = must(applyTurn(after, Number(seat), { type: 'play', card }));
    }
    expect(viewOf(seriesOf(after), 1)!.mayClaim).toBe(true);
    const ended = must(claim(after, 0)); // seat 0 holds S10 over the declarer's S8: the declarer takes no more
    const record = recordOf(ended);
    expect(record.actions.filter((a) => a.action.type === 'claim')).toEqual([
      { seat: 1, action: CLAIM, refused: true },
      { seat: 0, action: CLAIM },
    ]);
    expect(record.result).toMatchObject({ claimedBy: 0 });
    // The replay page's analysis reads every card up to the accepted claim, past the refused one.
    expect(analyseGame(record)!.cards).toHaveLength(27);
    expect(recordOf(must(replayGame(record)))).toEqual(record);
    expect(must(parseRecord(formatRecord(record)))).toEqual(record);
    // A record that says the claim was accepted where the replay refuses it is not the game's.
    const forged = { ...record, actions: record.actions.map((a) => (a.refused === true ? { seat: a.seat, action: a.action } : a)) };
    expect(validateRecord(JSON.parse(JSON.stringify(forged))).ok).toBe(false);
  });

  it('R7.12: option claims off — refused whatever the cards', () => {
    const game = gameAfter(TRUMPS_SCRIPT, base({ trickHistory: 'all', claims: false }), TRUMPS_DEAL);
    expect(refusal(claim(game, 1))).toEqual({ code: 'illegal_action', message: CLAIM_REFUSALS.off });
  });

  it('R7.12: only during play, and not while the declarer decides on re (R8.2)', () => {
    expect(refusal(claim(gameAfter('1:6 2:pass 0:pass', base(), TRUMPS_DEAL), 1)).message).toBe(CLAIM_REFUSALS.notPlaying);
    const kontra = gameAfter('1:6 2:pass 0:pass 1:S8,S7 1:6 1:HU 2:kontra', base({ kontra: true }), TRUMPS_DEAL);
    expect(refusal(claim(kontra, 1)).message).toBe(CLAIM_REFUSALS.awaitingRe);
    const finished = must(claim(gameAfter(TRUMPS_SCRIPT, base({ trickHistory: 'all' }), TRUMPS_DEAL), 1));
    expect(refusal(claim(finished, 2)).message).toBe(CLAIM_REFUSALS.notPlaying);
    expect(refusal(applyTurn(finished, 3, CLAIM)).code).toBe('bad_request');
    expect(refusal(applyTurn(finished, 1, { type: 'claim', all: true })).code).toBe('bad_request');
  });

  it('R7.12: either bot claims as soon as its claim would be accepted, judged from all its views of the game; a defender’s bot plays on', () => {
    const last = base({ trickHistory: 'last' });
    const tokens = TRUMPS_SCRIPT.trim().split(/\s+/);
    // Seat 1's views after every action, as the table gives a bot seat: the first trick's H8 is in the early ones only.
    const seen = tokens.map((_, i) => viewOf(seriesOf(gameAfter(tokens.slice(0, i + 1).join(' '), last, TRUMPS_DEAL)), 1)!);
    for (const level of ['easy', 'strong'] as const) {
      expect(chooseAction(level, { views: seen }, seededRng(1)), level).toEqual(CLAIM);
      // Given its last view only, a bot cannot know H8 is gone: it plays on (its claim would be judged as sure: never refused).
      expect(chooseAction(level, { views: [seen.at(-1)!] }, seededRng(1)), level).toMatchObject({ type: 'play' });
    }
    // Bots accept nothing on anyone's behalf: a defender's bot just plays its card.
    const defence = viewOf(seriesOf(gameAfter(`${TRUMPS_SCRIPT} 1:HA`, base({ trickHistory: 'all' }), TRUMPS_DEAL)), 2)!;
    expect(chooseAction('strong', { views: [defence] }, seededRng(1))).toMatchObject({ type: 'play' });
  });

  it('R7.12: a spectator’s view has no claim', () => {
    const game = gameAfter(TRUMPS_SCRIPT, base({ trickHistory: 'all' }), TRUMPS_DEAL);
    expect(claimRefusal({ views: [viewOf(seriesOf(game), null)!] })).toBe(CLAIM_REFUSALS.spectator);
    expect(claimRefusal({ views: [viewOf(seriesOf(game), 1)!] })).toBeNull();
  });
});

// ---------------------------------------------------------------- properties over random games

/** Every legal play-out's settlement from `game` (every card of every seat, every trump it may name). */
function playOutSettlements(game: GameState, into: Set<string>): void {
  if (game.phase === 'finished') {
    into.add(JSON.stringify({ won: game.outcome!.kind === 'contract' && game.outcome!.won, settlement: game.outcome!.settlement }));
    return;
  }
  const seat = game.turn as Seat;
  for (const action of legalActions(game, seat)) {
    if (action.type !== 'play' || action.knock === true) continue;
    playOutSettlements(must(applyAction(game, seat, action)), into);
  }
}

describe('R7.12: properties over random endings', () => {
  it('R7.12, R9: an accepted claim is settled as every legal play-out of the real cards is', () => {
    let accepted = 0;
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 0, max: 2 }), (seed, tricksLeft, inTrick) => {
        const game = randomEnding(seededRng(seed), tricksLeft, inTrick);
        if (game === null) return;
        for (const seat of [0, 1, 2] as Seat[]) {
          const claimed = claim(game, seat);
          if (!claimed.ok || refusedClaim(claimed.value) !== null) continue;
          accepted++;
          const outcome = claimed.value.outcome!;
          const expected = JSON.stringify({ won: outcome.kind === 'contract' && outcome.won, settlement: outcome.settlement });
          const settlements = new Set<string>();
          playOutSettlements(game, settlements);
          expect([...settlements]).toEqual([expected]);
        }
      }),
      { numRuns: 600, seed: 2612 },
    );
    expect(accepted).toBeGreaterThan(40); // the property was exercised
  });

  it('R7.12, R10.2: the verdict (and a refusal’s words) is the same in every world that differs only in cards the claiming seat has not seen', () => {
    let compared = 0;
    let acceptedWorlds = 0;
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 2 }), (seed, tricksLeft, inTrick) => {
        const rng = seededRng(seed);
        const game = randomEnding(rng, tricksLeft, inTrick);
        if (game === null) return;
        for (const seat of [0, 1, 2] as Seat[]) {
          // All the seat has seen (every trick, whatever R7.10 still shows): the worlds agree with it.
          const seen = claimerView(game, seat);
          const k = knowledgeOf({ views: [seen] })!;
          const judged = verdict(game, seat);
          for (const other of drawWorlds(k, 3, rng)) {
            expect(claimerView(other, seat)).toEqual(seen);
            expect(viewOf(seriesOf(other), seat)).toEqual(viewOf(seriesOf(game), seat));
            expect(verdict(other, seat)).toBe(judged);
            if (judged === 'sure') acceptedWorlds++;
            compared++;
          }
        }
      }),
      { numRuns: 500, seed: 2613 },
    );
    expect(compared).toBeGreaterThan(200);
    expect(acceptedWorlds).toBeGreaterThan(0);
  });
});
