/**
 * The table of a turn mail's text part (API.md "Mail", The turn mail is the table): the
 * picture (table-picture.ts) as lines of plain text in the seat's language, in the order
 * the page shows it: the contract, what was said, what happened since the seat's last move,
 * the trick on the table, the seat's cards by suit, and the moves it may make, each written
 * as a reply accepts it (replyText). Names are isolated (texts.ts), never a line of their own.
 */
import type { Suit } from '../../../shared/cards.js';
import { replyText } from '../../../shared/move-name.js';
import type { MailLanguage } from '../../model/table.js';
import { bySuit, PICTURE_WORDS, type PictureWords } from './picture-words.js';
import type { OfferedMove, TablePicture } from './table-picture.js';
import { isolated } from './one-line.js';

/** A move offered, as a reply writes it; `move` null: the discard, whose two cards the player picks (its text is an example). */
export interface WrittenMove {
  readonly text: string;
  readonly move: OfferedMove;
}

/** The moves of `picture` as replies write them in `lang`, in the page's order. */
export function writtenMoves(picture: TablePicture, lang: MailLanguage): WrittenMove[] {
  return inPageOrder(picture).map((move) => ({
    move,
    text: move.type === 'discard' && 'count' in move ? replyText({ type: 'discard', cards: discardExample(picture) }, lang) : replyText(move, lang),
  }));
}

/** The moves with the cards first, in the hand's order (the page's), then the others as the engine offers them. */
function inPageOrder(picture: TablePicture): OfferedMove[] {
  const at = (move: OfferedMove): number => (move.type === 'play' ? picture.hand.indexOf(move.card) : picture.hand.length);
  return picture.moves
    .map((move, i) => ({ move, i }))
    .sort((a, b) => at(a.move) - at(b.move) || a.i - b.i)
    .map(({ move }) => move);
}

/** Two cards of the hand for the discard's example: the last two, the weakest as the page orders them. */
const discardExample = (picture: TablePicture): [TablePicture['hand'][number], TablePicture['hand'][number]] => [
  picture.hand.at(-2)!,
  picture.hand.at(-1)!,
];

/** The name of seat `seat` as the mail writes it: "du"/"you" for the seat itself. */
export const nameIn =
  (picture: TablePicture, words: PictureWords) =>
  (seat: number): string =>
    seat === picture.seat ? words.you : isolated(picture.names[seat] ?? `#${seat + 1}`, 40);

/** The contract line: "Spiel: 8 · Spieler Sepp · Trumpf Herz · ×2 · Kontra von Resi · Re"; null in the doubling and before a bid. */
export function contractLine(picture: TablePicture, words: PictureWords): string | null {
  const name = nameIn(picture, words);
  const parts: string[] = [];
  if (picture.contract !== null && picture.declarer !== null) parts.push(`${words.level(picture.contract)}`, words.declarer(name(picture.declarer)));
  else if (picture.bid !== null && picture.declarer !== null) parts.push(words.standingBid(words.level(picture.bid), name(picture.declarer)));
  else if (picture.bid !== null) parts.push(words.level(picture.bid));
  if (picture.trump !== null) parts.push(words.trump(words.suits[picture.trump]));
  if (picture.doubles.length > 0) parts.push(words.doubled(picture.doubles.map(name).join(', ')));
  if (picture.kontra !== null) parts.push(words.kontra(name(picture.kontra)));
  if (picture.re) parts.push(words.re);
  if (picture.multiplier > 1) parts.push(words.multiplier(picture.multiplier));
  return parts.length === 0 ? null : `${words.game}: ${parts.join(' · ')}`;
}

/** The picture as lines of the text part, in `lang`; `replyable`: a reply to the mail moves (else the moves are listed for the page). */
export function pictureLines(picture: TablePicture, lang: MailLanguage, replyable: boolean): string[] {
  const words = PICTURE_WORDS[lang];
  const name = nameIn(picture, words);
  const lines: string[] = [`${words.phaseLabel}: ${words.phase[picture.phase]}`];
  const contract = contractLine(picture, words);
  if (contract !== null) lines.push(contract);
  if (picture.said.length > 0)
    lines.push(`${words.said}: ${picture.said.map((said) => words.happened({ kind: 'said', said }, name, picture.seat)).join('; ')}`);
  if (picture.since.length > 0) lines.push('', `${words.since}:`, ...picture.since.map((event) => `  ${words.happened(event, name, picture.seat)}`));
  if (picture.phase === 'play') {
    const trick = picture.tricks.reduce((a, b) => a + b, 0) + 1;
    const cards = picture.trick.map(({ seat, card }) => `${name(seat)}: ${card}`).join(', ');
    lines.push('', `${words.onTable(trick)}: ${cards === '' ? words.tableEmpty : cards}`);
    lines.push(`${words.tricksTaken}: ${picture.tricks.map((n, seat) => `${name(seat)} ${n}`).join(', ')}`);
  }
  lines.push('', `${words.yourCards}:`, ...bySuit(picture.hand).map(({ suit, cards }) => `  ${words.suits[suit]}: ${cards.join(' ')}`));
  if (picture.stock !== null && picture.stock.length > 0 && picture.phase === 'discard') lines.push(`${words.stock}: ${picture.stock.join(' ')}`);
  lines.push(`(${words.legend})`);
  lines.push('', replyable ? `${words.yourMove}. ${words.howToReply}` : `${words.yourMove}:`, ...movesLines(picture, lang, words));
  return lines;
}

/** The moves, a line each; cards together on one line, and the trump-naming cards once with the rule of naming. */
function movesLines(picture: TablePicture, lang: MailLanguage, words: PictureWords): string[] {
  const written = writtenMoves(picture, lang);
  const naming = written.some(({ move }) => move.type === 'play' && move.trump !== undefined);
  const cards = written.filter(({ move }) => move.type === 'play' && move.trump === undefined && move.knock !== true);
  const lines: string[] = [];
  if (naming) {
    const named = [...new Set(written.flatMap(({ move }) => (move.type === 'play' && move.trump !== undefined ? [move.card] : [])))];
    const example = replyText({ type: 'play', card: named[0]!, trump: named[0]![0] as Suit }, lang);
    lines.push(`  ${words.namingTrump(example)}`, `  ${named.join('   ')}`);
  }
  if (cards.length > 0) lines.push(`  ${cards.map(({ text }) => text).join('   ')}`);
  for (const { move, text } of written) {
    if (move.type === 'play' && (move.trump !== undefined || move.knock !== true)) continue;
    lines.push(move.type === 'discard' ? `  ${words.discardTwo(text)}` : `  ${text}`);
  }
  return lines;
}
