/**
 * A plain-text notation for one game record: header tags, the deal, the auction, the play
 * and the result, readable on one screen. `parseRecord(formatRecord(r))` gives `r` back:
 * the parser reads the header, the deal and the actions, replays them through the engine
 * (R10.1) and checks every derived line (tricks, result, settlement) against the replay.
 *
 *   [Game "1"]
 *   [Dealer "0"]
 *   [PotBefore "0"]
 *   [Redeal "0"]
 *   [Options "doubling=on tenTrickBid=off allPass=forced …"]
 *   [Contract "7"]
 *   [Declarer "1"]
 *   [Trump "H"]
 *   [Multiplier "2"]
 *   [Result "won: 8 tricks"]
 *
 *   Deal:
 *     0: EA EK EO | GA GK GO HA H10 S9 S8      (the first 3: the doubling packet)
 *     1: …
 *     2: …
 *     stock: S7 E7
 *   Doubling: 0:double 1:no 2:no
 *   Auction: 1:6 2:7 1:hold 2:pass 0:pass
 *   Discard: 1:H7,S7
 *   Contract: 1:7
 *   Play:
 *     1. 1:HA 2:kontra 1:re 2:H7 0:H9  => 1     ("1:no-re": no re, R8.2)
 *     2. …                                     ("!" after a card: a knock, R7.11)
 *     8. 1:HA 1:claim                          ("1:claim": seat 1 claimed the rest, R7.12)
 *                                              ("GA=H": GA played naming trump Herz, R7.2)
 *   Settlement: 0:-8 1:+16 2:-8 pot:0
 */
import type { Action } from './actions.js';
import type { CardCode } from './cards.js';
import type { Deal } from './deal.js';
import { isSeat } from './game.js';
import { OPTION_NAMES, type Seat, type TableOptions } from './options.js';
import { recordOf, replayGame, type GameRecord, type GameResult } from './record.js';
import { badRequest, ok, type Result } from './result.js';

const optionText = (value: unknown): string => (value === true ? 'on' : value === false ? 'off' : String(value));

function resultText(result: GameResult | null): string {
  if (result === null) return '*';
  if (result.kind === 'allPass') return 'all passed';
  const tricks = result.declarerTricks === 1 ? '1 trick' : `${result.declarerTricks} tricks`;
  return `${result.won ? 'won' : 'lost'}: ${tricks}${result.endedEarly ? ', ended early' : ''}`;
}

const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));

function actionToken(seat: Seat, action: Action): string {
  switch (action.type) {
    case 'double':
      return `${seat}:${action.double ? 'double' : 'no'}`;
    case 'bid':
      return `${seat}:${action.bid}`;
    case 'declare':
      return `${seat}:${action.contract}`;
    case 'discard':
      return `${seat}:${action.cards.join(',')}`;
    case 'play':
      return `${seat}:${action.card}${action.trump === undefined ? '' : `=${action.trump}`}${action.knock === true ? '!' : ''}`;
    case 're':
      return `${seat}:${action.re === false ? 'no-re' : 're'}`;
    case 'hold':
    case 'pass':
    case 'kontra':
    case 'claim':
      return `${seat}:${action.type}`;
  }
}

const SECTION_OF: Record<Action['type'], string> = {
  double: 'Doubling',
  bid: 'Auction',
  hold: 'Auction',
  pass: 'Auction',
  discard: 'Discard',
  declare: 'Contract',
  kontra: 'Play',
  re: 'Play',
  play: 'Play',
  claim: 'Play',
};

/** Formats a record (see the file comment for the layout). */
export function formatRecord(record: GameRecord): string {
  const tags: [string, unknown][] = [
    ['Game', record.gameNumber],
    ['Dealer', record.dealer],
    ['PotBefore', record.potBefore],
    ['Redeal', record.redeal],
    ['Options', OPTION_NAMES.map((name) => `${name}=${optionText(record.options[name])}`).join(' ')],
    ['Contract', record.contract ?? '-'],
    ['Declarer', record.declarer ?? '-'],
    ['Trump', record.trump ?? '-'],
    ['Multiplier', record.multiplier],
    ['Result', resultText(record.result)],
  ];
  const lines = tags.map(([tag, value]) => `[${tag} "${String(value)}"]`);
  lines.push('', 'Deal:');
  record.deal.hands.forEach((hand, seat) => lines.push(`  ${seat}: ${hand.slice(0, 3).join(' ')} | ${hand.slice(3).join(' ')}`));
  lines.push(`  stock: ${record.deal.stock.join(' ')}`);

  const sections = new Map<string, string[]>();
  const trickLines: string[][] = [[]];
  let plays = 0;
  for (const { seat, action } of record.actions) {
    const token = actionToken(seat, action);
    const section = SECTION_OF[action.type];
    if (section === 'Play') {
      trickLines[trickLines.length - 1]!.push(token);
      if (action.type === 'play' && ++plays % 3 === 0) trickLines.push([]);
    } else sections.set(section, [...(sections.get(section) ?? []), token]);
  }
  for (const section of ['Doubling', 'Auction', 'Discard', 'Contract']) {
    const tokens = sections.get(section);
    if (tokens !== undefined) lines.push(`${section}: ${tokens.join(' ')}`);
  }
  if (plays > 0 || trickLines[0]!.length > 0) {
    lines.push('Play:');
    trickLines.forEach((tokens, i) => {
      if (tokens.length === 0) return;
      const winner = record.tricks[i]?.winner;
      lines.push(`  ${i + 1}. ${tokens.join(' ')}${winner === undefined ? '' : `  => ${winner}`}`);
    });
  }
  if (record.settlement !== null) {
    const { payments, pot } = record.settlement;
    lines.push(`Settlement: ${payments.map((p, seat) => `${seat}:${signed(p)}`).join(' ')} pot:${signed(pot)}`);
  }
  return lines.join('\n') + '\n';
}

// ---------------------------------------------------------------- parsing

function parseOptionValue(text: string): unknown {
  if (text === 'on') return true;
  if (text === 'off') return false;
  return /^-?\d+$/.test(text) ? Number(text) : text;
}

function parseToken(section: string, token: string): { seat: Seat; action: unknown } | string {
  const match = /^([0-2]):(.+)$/.exec(token);
  if (match === null) return `"${token}" is not seat:action`;
  const seat = Number(match[1]) as Seat;
  const word = match[2]!;
  switch (section) {
    case 'Doubling':
      return word === 'double' || word === 'no' ? { seat, action: { type: 'double', double: word === 'double' } } : `"${token}": double or no`;
    case 'Auction':
      if (word === 'hold' || word === 'pass') return { seat, action: { type: word } };
      return { seat, action: { type: 'bid', bid: word } };
    case 'Discard':
      return { seat, action: { type: 'discard', cards: word.split(',') } };
    case 'Contract':
      return { seat, action: { type: 'declare', contract: word } };
    default: {
      if (word === 'kontra' || word === 're' || word === 'claim') return { seat, action: { type: word } };
      if (word === 'no-re') return { seat, action: { type: 're', re: false } };
      const play = /^(\w+?)(?:=(\w))?(!?)$/.exec(word);
      if (play === null) return `"${token}" is not a card (with "=suit" naming trump, "!" for a knock)`;
      const action: Record<string, unknown> = { type: 'play', card: play[1] };
      if (play[2] !== undefined) action.trump = play[2];
      if (play[3] === '!') action.knock = true;
      return { seat, action };
    }
  }
}

const SECTIONS = ['Deal', 'Doubling', 'Auction', 'Discard', 'Contract', 'Play', 'Settlement'];

/** Parses the notation back into a record, replaying it and checking it as it goes. */
export function parseRecord(text: string): Result<GameRecord> {
  if (typeof text !== 'string') return badRequest('notation: expected text');
  const tags = new Map<string, string>();
  const hands: CardCode[][] = [];
  let stock: CardCode[] = [];
  const actions: { seat: Seat; action: unknown }[] = [];
  const winners: string[] = [];
  let settlementLine: string | null = null;
  let section = '';
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    const where = `notation line ${index + 1}`;
    if (line === '') continue;
    const tag = /^\[(\w+) "([^"]*)"\]$/.exec(line);
    if (tag !== null) {
      tags.set(tag[1]!, tag[2]!);
      continue;
    }
    const heading = /^(\w+):\s*(.*)$/.exec(line);
    let body = line;
    if (heading !== null && SECTIONS.includes(heading[1]!)) {
      section = heading[1]!;
      body = heading[2]!;
    }
    if (section === 'Deal') {
      const hand = /^(stock|[0-2]):\s*(.*)$/.exec(body);
      if (hand === null) {
        if (body !== '') return badRequest(`${where}: expected "seat: cards" or "stock: cards"`);
        continue;
      }
      const cards = hand[2]!.split(/\s+/).filter((c) => c !== '' && c !== '|') as CardCode[];
      if (hand[1] === 'stock') stock = cards;
      else hands[Number(hand[1])] = cards;
      continue;
    }
    if (section === 'Settlement') {
      settlementLine = body;
      continue;
    }
    if (section === '') return badRequest(`${where}: expected a [Tag "value"] or a section such as Deal:`);
    let tokens = body.split(/\s+/).filter((t) => t !== '');
    if (section === 'Play') {
      if (tokens.length > 0 && /^\d+\.$/.test(tokens[0]!)) tokens = tokens.slice(1);
      const arrow = tokens.indexOf('=>');
      if (arrow >= 0) {
        winners.push(tokens[arrow + 1] ?? '');
        tokens = tokens.slice(0, arrow);
      }
    }
    for (const token of tokens) {
      const parsed = parseToken(section, token);
      if (typeof parsed === 'string') return badRequest(`${where}: ${parsed}`);
      actions.push(parsed);
    }
  }

  const options: Record<string, unknown> = {};
  for (const pair of (tags.get('Options') ?? '').split(/\s+/).filter((p) => p !== '')) {
    const [name, value] = pair.split('=');
    options[name!] = parseOptionValue(value ?? '');
  }
  const dealer = Number(tags.get('Dealer'));
  if (!isSeat(dealer)) return badRequest('notation: [Dealer "0|1|2"] is missing');
  const start = {
    gameNumber: Number(tags.get('Game') ?? '1'),
    dealer,
    potBefore: Number(tags.get('PotBefore') ?? '0'),
    redeal: Number(tags.get('Redeal') ?? '0'),
    options: options as unknown as TableOptions,
    deal: { hands, stock } as unknown as Deal,
    actions,
  } as unknown as GameRecord;
  const replayed = replayGame(start);
  if (!replayed.ok) return replayed;
  const record = recordOf(replayed.value);
  return checkDerived(record, tags, winners, settlementLine);
}

/** The lines a reader relies on must agree with the replay, or the text was edited wrongly. */
function checkDerived(record: GameRecord, tags: Map<string, string>, winners: string[], settlementLine: string | null): Result<GameRecord> {
  const formatted = formatRecord(record);
  const expectedTags = new Map([...formatted.matchAll(/^\[(\w+) "([^"]*)"\]$/gm)].map((m) => [m[1]!, m[2]!]));
  for (const [tag, value] of tags) {
    if (expectedTags.get(tag) !== value && tag !== 'Options') {
      return badRequest(`notation: [${tag} "${value}"] does not match the replay ("${expectedTags.get(tag) ?? 'no such tag'}")`);
    }
  }
  for (const [i, winner] of winners.entries()) {
    if (String(record.tricks[i]?.winner) !== winner)
      return badRequest(`notation: trick ${i + 1} is won by seat ${record.tricks[i]?.winner}, not ${winner}`);
  }
  if (settlementLine !== null) {
    const expected = /^Settlement: (.*)$/m.exec(formatted)?.[1];
    if (expected !== settlementLine.trim()) return badRequest(`notation: the settlement should read "${expected ?? '(none: the game is not over)'}"`);
  }
  return ok(record);
}
