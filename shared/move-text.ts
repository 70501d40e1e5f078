/**
 * A move written as a person writes it in a reply to a turn mail (API.md "Mail", Moves by
 * reply), in German or English:
 *
 * - a card by its code (`HK`, `H10`) or its name, spaced, hyphenated or not, suit and rank either
 *   way round (`Herz König`, `Herzkönig`, `Herz-Sau`, `Herz As`, `hearts king`, `king of hearts`;
 *   the French deck's names too, as the web app can show them: `Kreuz Dame`, `queen of clubs`);
 *   it may carry the trump the declarer names with it (R7.2: `GA trump H`, `Gras Sau Trumpf Herz`)
 *   and a knock (R7.11: `knock S7`, `S7 klopfen`);
 * - `pass` / `weiter` / `passe` / `ich passe`, `hold` / `halte` / `ich halte`, `bid 7` / `7` /
 *   `7 reizen` (a bare level is a bid), `double` / `doppeln`, `no double` / `nicht doppeln`,
 *   `discard GA SK` / `GA SK drücken` / `drücke GA SK`, `declare 8` / `8 ansagen`, `kontra`,
 *   `re`, `no re` / `kein re`, `claim` / `Rest` / `Rest beanspruchen`.
 *
 * Case, umlauts written ö or oe, punctuation and a closing full stop do not matter.
 *
 * A line is never misread (readMoveLine): it is a move only when all its words are the move.
 * A line that holds a move among other words ("HK bitte", "HK oder pass", "pass, sorry"), or
 * a move as a question ("HK?"), is unclear: refused, never skipped for a line further down.
 * A line with no move in it ("Hallo Sepp,", "I'll be back on the 7th") is none. The card codes
 * that are everyday words (`so`, `go`, `ha`) count inside a sentence only in capitals (`SO`),
 * and alone on a line in small letters they are unclear.
 *
 * The mail parser Worker reads it (worker/mail-parser/), the main Worker only names a move
 * (move-name.ts), so that its bundle holds no card names. Shape only, as parseAction: whether
 * the move is allowed now is the rules' business, and the answer names the rule (R…) that refused it.
 */
import { CLAIM, DOUBLE_NO, DOUBLE_YES, HOLD, KONTRA, LEVELS, NO_RE, PASS, RE, type Level } from './actions.js';
import { cardFromCode, codeOf, RANKS, SUITS, type CardCode, type Rank, type Suit } from './cards.js';
import { moveText, type MoveByText } from './move-name.js';
import { badRequest, ok, type Result } from './result.js';

/** Suit names as folded (see fold): Bavarian and French deck, German and English, singular and plural. */
const SUIT_WORDS: Record<Suit, readonly string[]> = {
  E: ['eichel', 'eicheln', 'acorn', 'acorns', 'kreuz', 'club', 'clubs'],
  G: ['gras', 'gruen', 'blatt', 'laub', 'leaf', 'leaves', 'pik', 'spade', 'spades'],
  H: ['herz', 'rot', 'heart', 'hearts'],
  S: ['schellen', 'schelle', 'schelln', 'bell', 'bells', 'karo', 'diamond', 'diamonds'],
};

/** Rank names as folded, as the suits ("As" and "Ass" are the German ace). */
const RANK_WORDS: Record<Rank, readonly string[]> = {
  A: ['a', 'sau', 'ass', 'as', 'daus', 'ace'],
  K: ['k', 'koenig', 'king'],
  O: ['o', 'ober', 'over', 'dame', 'queen', 'q'],
  U: ['u', 'unter', 'under', 'bube', 'jack', 'j'],
  '10': ['10', 'zehn', 'zehner', 'ten'],
  '9': ['9', 'neun', 'neuner', 'nine'],
  '8': ['8', 'acht', 'achter', 'eight'],
  '7': ['7', 'sieben', 'siebener', 'seven'],
};

/** Ranks of one letter: only after their suit ("Herz K"), so that "a heart" is no ace. */
const LETTER_RANKS = new Set(['a', 'k', 'o', 'q', 'u', 'j']);

const lookup = <K extends string>(words: Record<K, readonly string[]>): ReadonlyMap<string, K> =>
  new Map(Object.entries<readonly string[]>(words).flatMap(([key, names]) => names.map((name) => [name, key as K] as const)));

const SUIT_BY_WORD = lookup(SUIT_WORDS);
const RANK_BY_WORD = lookup(RANK_WORDS);
const LEVEL_BY_WORD: ReadonlyMap<string, Level> = new Map(LEVELS.map((level) => [level, level]));

const TRUMP_WORDS = new Set(['trump', 'trumpf', 'trumps']);
const KNOCK_WORDS = new Set(['knock', 'klopfen', 'klopfe', 'klopf']);

/** Moves of fixed words, as folded and joined by one space. */
const PHRASES: ReadonlyMap<string, MoveByText> = new Map<string, MoveByText>([
  ...['pass', 'passe', 'ich passe', 'weiter'].map((phrase) => [phrase, PASS] as const),
  ...['hold', 'halte', 'ich halte'].map((phrase) => [phrase, HOLD] as const),
  ...['double', 'doppeln'].map((phrase) => [phrase, DOUBLE_YES] as const),
  ...['no double', 'nicht doppeln'].map((phrase) => [phrase, DOUBLE_NO] as const),
  ['kontra', KONTRA],
  ['re', RE],
  ...['no re', 'kein re'].map((phrase) => [phrase, NO_RE] as const),
  ...['claim', 'rest', 'rest beanspruchen'].map((phrase) => [phrase, CLAIM] as const),
]);
const HOLD_WORDS = ['hold', 'halte', 'ich halte'];

/** Every word a move is made of besides cards' codes and compounds: a run of them is where a move may stand. */
const MOVE_WORDS = new Set([
  ...SUIT_BY_WORD.keys(),
  ...RANK_BY_WORD.keys(),
  ...LEVEL_BY_WORD.keys(),
  ...TRUMP_WORDS,
  ...KNOCK_WORDS,
  ...[...PHRASES.keys()].flatMap((phrase) => phrase.split(' ')),
  ...['of', 'and', 'und', 'bid', 'reizen', 'declare', 'ansagen', 'discard', 'druecken', 'druecke'],
  ...SUITS.map((suit) => suit.toLowerCase()), // the trump named by its letter: "GA trump H"
]);

/** The card codes that are everyday words: a card inside a sentence only when written in capitals. */
const EVERYDAY_CODES = new Set(['so', 'go', 'ha']);

/** The most words a move has: "drücke Herz Sau und Schellen König" has 6, "discard ace of hearts and king of bells" 8. */
const MOST_MOVE_WORDS = 8;

/** A word as the tables hold it: lower case, umlauts as ae, oe, ue and ß as ss, so that "Koenig" is "König". */
const UMLAUTS: Readonly<Record<string, string>> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };
const fold = (word: string): string => word.toLowerCase().replace(/[äöüß]/gu, (umlaut) => UMLAUTS[umlaut]!);

/** Letters and digits: everything else (spaces, punctuation, hyphens, emoji) only separates words. */
const WORD = /[\p{L}\p{N}]+/gu;

const cardOf = (suit: Suit, rank: Rank): CardCode => codeOf(SUITS.indexOf(suit) * 8 + RANKS.indexOf(rank));

function codeCard(word: string): CardCode | undefined {
  const card = cardFromCode(word.toUpperCase());
  return card === undefined ? undefined : codeOf(card);
}

/** A card's name in one word, suit then rank: "herzkoenig", "grasober", "herzas", "schellen7". */
function compoundCard(word: string): CardCode | undefined {
  for (const [suitWord, suit] of SUIT_BY_WORD) {
    const rankWord = word.startsWith(suitWord) ? word.slice(suitWord.length) : '';
    const rank = LETTER_RANKS.has(rankWord) ? undefined : RANK_BY_WORD.get(rankWord);
    if (rank !== undefined) return cardOf(suit, rank);
  }
  return undefined;
}

function pairCard(suitWord: string, rankWord: string, suitFirst: boolean): CardCode | undefined {
  const suit = SUIT_BY_WORD.get(suitWord);
  const rank = suitFirst || !LETTER_RANKS.has(rankWord) ? RANK_BY_WORD.get(rankWord) : undefined;
  return suit === undefined || rank === undefined ? undefined : cardOf(suit, rank);
}

/** A card from all of `words`: a code or compound, suit and rank either way round, or "rank of suit". */
function cardFromWords(words: readonly string[]): CardCode | undefined {
  const [first = '', second = '', third = ''] = words;
  switch (words.length) {
    case 1:
      return codeCard(first) ?? compoundCard(first);
    case 2:
      return pairCard(first, second, true) ?? pairCard(second, first, false);
    case 3:
      return second === 'of' ? pairCard(third, first, false) : undefined;
    default:
      return undefined;
  }
}

/** Two cards, each one to three words, "and" / "und" between them or not. */
function twoCards(words: readonly string[]): readonly [CardCode, CardCode] | undefined {
  for (let at = 1; at < words.length; at++) {
    const first = cardFromWords(words.slice(0, at));
    const joined = words[at] === 'and' || words[at] === 'und';
    const second = first === undefined ? undefined : cardFromWords(words.slice(joined ? at + 1 : at));
    if (second !== undefined) return [first!, second];
  }
  return undefined;
}

/** The suit a declarer names (R7.2): a suit's name, or its letter as in the card codes (`trump H`). */
const namedSuit = (word: string | undefined): Suit | undefined =>
  word === undefined ? undefined : (SUIT_BY_WORD.get(word) ?? SUITS.find((suit) => suit.toLowerCase() === word));

/** A card, with a knock (once, before or after it) and a trump named (after it, or before it) if written. */
function playOf(words: readonly string[]): Extract<MoveByText, { type: 'play' }> | undefined {
  const knocks = words.filter((w) => KNOCK_WORDS.has(w)).length;
  if (knocks > 1) return undefined;
  const rest = words.filter((w) => !KNOCK_WORDS.has(w));
  const at = rest.findIndex((w) => TRUMP_WORDS.has(w));
  let trump: Suit | undefined;
  let cardWords = rest;
  if (at !== -1) {
    trump = namedSuit(rest[at + 1]);
    if (trump === undefined) return undefined;
    cardWords = [...rest.slice(0, at), ...rest.slice(at + 2)];
  }
  const card = cardFromWords(cardWords);
  if (card === undefined) return undefined;
  return { type: 'play', card, ...(knocks === 1 ? { knock: true } : {}), ...(trump === undefined ? {} : { trump }) };
}

/** The move all of `words` (folded) make, or undefined. */
function moveOf(words: readonly string[]): MoveByText | undefined {
  if (words.length === 0 || words.length > MOST_MOVE_WORDS) return undefined;
  const phrase = PHRASES.get(words.join(' '));
  if (phrase !== undefined) return { ...phrase };
  const first = words[0]!;
  const last = words.at(-1)!;
  const level = (word: string | undefined) => (word === undefined ? undefined : LEVEL_BY_WORD.get(word));
  if (words.length <= 2) {
    const bid = words.length === 1 ? level(first) : first === 'bid' ? level(last) : last === 'reizen' ? level(first) : undefined;
    if (bid !== undefined) return { type: 'bid', bid };
    const contract = first === 'declare' ? level(last) : last === 'ansagen' ? level(first) : undefined;
    if (contract !== undefined && words.length === 2) return { type: 'declare', contract };
  }
  const discarded = first === 'discard' || first === 'druecke' ? words.slice(1) : last === 'druecken' ? words.slice(0, -1) : undefined;
  const cards = discarded === undefined ? undefined : twoCards(discarded);
  if (cards !== undefined) return { type: 'discard', cards };
  return playOf(words);
}

/** Whether a word may be part of a move. */
const isMoveWord = (word: string): boolean => MOVE_WORDS.has(word) || codeCard(word) !== undefined || compoundCard(word) !== undefined;

/**
 * The spans of words a line is searched through for moves, at most: an ordinary line takes a
 * few dozen; a line of 64 KiB made of move words ("of of of …") would take 260,000 (200 ms),
 * so such a line is refused as too long instead, and the 20 lines a reply is read from
 * (reply-text.ts) take 20,000 at most (milliseconds).
 */
const MOST_SPANS = 1024;

/**
 * The moves standing in a line's words, from the left, the longest first, at most two (null:
 * more than MOST_SPANS spans searched). A move is a run of move words, so only those runs are
 * searched, and never one everyday word in small letters ("so", not "SO").
 */
function movesIn(folded: readonly string[], written: readonly string[]): MoveByText[] | null {
  const found: MoveByText[] = [];
  let spans = 0;
  let runEnd = 0; // the end of the run of move words that holds `at`
  for (let at = 0; at < folded.length && found.length < 2;) {
    if (runEnd <= at) {
      runEnd = at;
      while (runEnd < folded.length && isMoveWord(folded[runEnd]!)) runEnd++;
    }
    let length = Math.min(MOST_MOVE_WORDS, runEnd - at);
    for (; length > 0; length--) {
      if (length === 1 && isEverydayWord(folded[at]!, written[at]!)) break;
      if (++spans > MOST_SPANS) return null;
      const move = moveOf(folded.slice(at, at + length));
      if (move !== undefined) {
        found.push(move);
        break;
      }
    }
    at += Math.max(length, 1);
  }
  return found;
}

const isEverydayWord = (folded: string, written: string): boolean => EVERYDAY_CODES.has(folded) && written !== written.toUpperCase();

/** What a line says: a move, none (no move in it: it is skipped), or unclear (refused, with why). */
export type LineReading =
  { readonly kind: 'move'; readonly move: MoveByText } | { readonly kind: 'none' } | { readonly kind: 'unclear'; readonly reason: string };

const SHORT_FORMS = 'HK, Herz König, pass, weiter, bid 7, 7, discard GA SK …';

/** Why a line is no move, with the forms understood (the answer to the seat shows 300 characters). */
export const NOT_A_MOVE =
  'not a move: write a card (HK, Herz König, hearts king), pass (weiter), hold (halte), bid 7 (7), double (doppeln), no double (nicht doppeln), discard GA SK (GA SK drücken), declare 8 (8 ansagen), kontra, re, no re (kein re) or claim (Rest) alone on a line; with a card: knock S7, GA trump H';

const unclear = (reason: string, advice = `write the move alone on a line (${SHORT_FORMS})`): LineReading => ({
  kind: 'unclear',
  reason: `${reason}; ${advice}`,
});

/** Reads one line of a reply: see the module's comment for the rule. */
export function readMoveLine(line: string): LineReading {
  const written = line.normalize('NFC').match(WORD) ?? [];
  const folded = written.map(fold);
  const question = /[?¿]/u.test(line);
  const whole = moveOf(folded);
  if (whole !== undefined) {
    if (question) return unclear(`not a move: a question (${moveText(whole)}?)`);
    if (folded.length === 1 && isEverydayWord(folded[0]!, written[0]!))
      return unclear(`not a move: "${written[0]}" is a word; the card ${moveText(whole)} in capitals is one`);
    return { kind: 'move', move: whole };
  }
  // "Ich halte 7", as the page says it: hold holds the bid standing, whatever level is written.
  if (folded.length > 1 && folded.length <= 3 && HOLD_WORDS.includes(folded.slice(0, -1).join(' ')) && LEVEL_BY_WORD.has(folded.at(-1)!))
    return unclear('not one move: hold takes no level, it holds the bid standing', 'write halte or hold alone on a line');
  const moves = movesIn(folded, written);
  if (moves === null) return unclear('not a move: the line is too long to read');
  const [first, second] = moves;
  if (first === undefined) return { kind: 'none' };
  if (question) return unclear(`not a move: a question holding ${moveText(first)}`);
  if (second === undefined) return unclear(`not one move: the line holds ${moveText(first)} and other words`);
  const [one, other] = [moveText(first), moveText(second)];
  return unclear(one === other ? `not one move: the line holds ${one} twice` : `not one move: the line holds two, ${one} and ${other}`);
}

/** The move a line says, or a refusal (bad_request) that says why and quotes the forms understood. */
export function parseMoveText(line: string): Result<MoveByText> {
  const reading = readMoveLine(line);
  if (reading.kind === 'move') return ok(reading.move);
  return badRequest(reading.kind === 'none' ? NOT_A_MOVE : reading.reason);
}
