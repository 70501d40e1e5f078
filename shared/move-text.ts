/**
 * A move written as a person writes it in a reply to a turn mail (API.md "Mail", Moves by
 * reply): a card by its code (`HK`, `H10`) or its name in German or English (`Herz König`,
 * `Herz-König`, `hearts king`, `king of hearts`; the French deck's names too, as the web app
 * can show them: `Kreuz Dame`, `queen of clubs`), `pass`, `hold`, `bid 7`, `double` /
 * `no double`, `discard GA SK`, `declare 8`, `kontra`, `re` / `no re`, `claim`. A card
 * may carry what the play action carries: the trump the declarer names with it (R7.2,
 * `GA trump hearts`, `Gras Sau Trumpf Herz`) and a knock (R7.11, `knock S7`, `S7 klopfen`).
 * Case, extra spaces and a closing full stop do not matter.
 *
 * The mail parser Worker reads it (worker/mail-parser/), the main Worker only names a move
 * (move-name.ts). Shape only, as parseAction: whether the move is allowed now is the rules' business, and
 * the answer names the rule (R…) that refused it.
 */
import { LEVELS, type Level } from './actions.js';
import { cardFromCode, codeOf, RANKS, SUITS, type CardCode, type Rank, type Suit } from './cards.js';
import type { MoveByText } from './move-name.js';
import { badRequest, ok, type Result } from './result.js';

/** Suit names, lower-cased: Bavarian and French deck, German and English, singular and plural. */
const SUIT_WORDS: Record<Suit, readonly string[]> = {
  E: ['eichel', 'eicheln', 'acorn', 'acorns', 'kreuz', 'club', 'clubs'],
  G: ['gras', 'grün', 'gruen', 'blatt', 'laub', 'leaf', 'leaves', 'pik', 'spade', 'spades'],
  H: ['herz', 'rot', 'heart', 'hearts'],
  S: ['schellen', 'schelle', 'bell', 'bells', 'karo', 'diamond', 'diamonds'],
};

/** Rank names, lower-cased, as the suits. */
const RANK_WORDS: Record<Rank, readonly string[]> = {
  A: ['a', 'sau', 'ass', 'daus', 'ace'],
  K: ['k', 'könig', 'koenig', 'king'],
  O: ['o', 'ober', 'over', 'dame', 'queen', 'q'],
  U: ['u', 'unter', 'under', 'bube', 'jack', 'j'],
  '10': ['10', 'zehn', 'zehner', 'ten'],
  '9': ['9', 'neun', 'neuner', 'nine'],
  '8': ['8', 'acht', 'achter', 'eight'],
  '7': ['7', 'sieben', 'siebener', 'seven'],
};

const lookup = <K extends string>(words: Record<K, readonly string[]>): ReadonlyMap<string, K> =>
  new Map(Object.entries<readonly string[]>(words).flatMap(([key, names]) => names.map((name) => [name, key as K] as const)));

const SUIT_BY_WORD = lookup(SUIT_WORDS);
const RANK_BY_WORD = lookup(RANK_WORDS);

/** The suit a declarer names (R7.2): a suit's name, or its letter as in the card codes (`trump H`). */
const trumpSuit = (word: string | undefined): Suit | undefined =>
  word === undefined ? undefined : (SUIT_BY_WORD.get(word) ?? SUITS.find((suit) => suit.toLowerCase() === word));

const TRUMP_WORDS = new Set(['trump', 'trumpf', 'trumps']);
const KNOCK_WORDS = new Set(['knock', 'klopfen', 'klopf']);

const cardOf = (suit: Suit, rank: Rank): CardCode => codeOf(SUITS.indexOf(suit) * 8 + RANKS.indexOf(rank));

/** A card from its words: a code (`hk`), suit and rank either way round (`herz könig`, `king hearts`), or "rank of suit". */
function cardFromWords(words: readonly string[]): CardCode | undefined {
  if (words.length === 1) {
    const card = cardFromCode(words[0]!.toUpperCase());
    return card === undefined ? undefined : codeOf(card);
  }
  if (words.length === 3) return words[1] === 'of' ? cardFromPair(words[2]!, words[0]!) : undefined;
  if (words.length !== 2) return undefined;
  return cardFromPair(words[0]!, words[1]!) ?? cardFromPair(words[1]!, words[0]!);
}

function cardFromPair(suitWord: string, rankWord: string): CardCode | undefined {
  const suit = SUIT_BY_WORD.get(suitWord);
  const rank = RANK_BY_WORD.get(rankWord);
  return suit === undefined || rank === undefined ? undefined : cardOf(suit, rank);
}

/** Two cards: two codes, or two names of two words each ("Gras Sau, Schellen König"). */
function twoCards(words: readonly string[]): readonly [CardCode, CardCode] | undefined {
  const half = words.length / 2;
  if (half !== 1 && half !== 2) return undefined;
  const first = cardFromWords(words.slice(0, half));
  const second = cardFromWords(words.slice(half));
  return first === undefined || second === undefined ? undefined : [first, second];
}

const LEVEL_WORDS: ReadonlyMap<string, Level> = new Map(LEVELS.map((level) => [level, level]));

/** The move a line says, or a refusal (bad_request) that quotes the forms understood. */
export function parseMoveText(line: string): Result<MoveByText> {
  const words = line
    .normalize('NFC')
    .toLowerCase()
    .replace(/[.!]+$/u, '')
    .replace(/[-,:;]/gu, ' ')
    .trim()
    .split(/\s+/u)
    .filter((w) => w !== '');
  const [head, ...rest] = words;
  const phrase = words.join(' ');
  switch (phrase) {
    case 'pass':
    case 'hold':
    case 'kontra':
    case 'claim':
      return ok({ type: phrase });
    case 'double':
      return ok({ type: 'double', double: true });
    case 'no double':
      return ok({ type: 'double', double: false });
    case 're':
      return ok({ type: 're' });
    case 'no re':
      return ok({ type: 're', re: false });
  }
  if ((head === 'bid' || head === 'declare') && rest.length === 1) {
    const level = LEVEL_WORDS.get(rest[0]!);
    if (level !== undefined) return ok(head === 'bid' ? { type: 'bid', bid: level } : { type: 'declare', contract: level });
  }
  if (head === 'discard') {
    const cards = twoCards(rest);
    if (cards !== undefined) return ok({ type: 'discard', cards });
  }
  const play = playOf(words);
  if (play !== undefined) return ok(play);
  return badRequest(
    'not a move: write a card (HK, Herz König, hearts king), pass, hold, bid 7, double, no double, discard GA SK, declare 8, kontra, re, no re or claim on the first line; a card may carry a knock or the trump named with it: knock S7, GA trump H',
  );
}

/** A card, with a knock (once, before or after it) and a trump named (after it, or before it) if written. */
function playOf(words: readonly string[]): Extract<MoveByText, { type: 'play' }> | undefined {
  const knocks = words.filter((w) => KNOCK_WORDS.has(w)).length;
  if (knocks > 1) return undefined;
  const rest = words.filter((w) => !KNOCK_WORDS.has(w));
  const at = rest.findIndex((w) => TRUMP_WORDS.has(w));
  let trump: Suit | undefined;
  let cardWords = rest;
  if (at !== -1) {
    trump = trumpSuit(rest[at + 1]);
    if (trump === undefined) return undefined;
    cardWords = [...rest.slice(0, at), ...rest.slice(at + 2)];
  }
  const card = cardFromWords(cardWords);
  if (card === undefined) return undefined;
  return { type: 'play', card, ...(knocks === 1 ? { knock: true } : {}), ...(trump === undefined ? {} : { trump }) };
}
