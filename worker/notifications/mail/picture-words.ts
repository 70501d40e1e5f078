/**
 * The words a turn mail shows the table in (table-picture.ts), per language, as the table
 * page says them (web/src/texts: "Weiter", "hält", "Kontra", the suits' Bavarian names): the
 * text part (picture-text.ts) and the HTML part (mail-html.ts) both take them from here, so
 * the two alternatives never say different things. Cards are written by their codes (`HK`),
 * which a reply accepts in either language; the legend says what the letters mean.
 */
import type { Level } from '../../../shared/actions.js';
import type { CardCode, Suit } from '../../../shared/cards.js';
import type { Phase } from '../../../shared/game.js';
import type { MailLanguage } from '../../model/table.js';
import type { Happened, Said } from './table-picture.js';

export interface PictureWords {
  readonly suits: Readonly<Record<Suit, string>>;
  /** What each card code's letters mean: "E Eichel, G Gras, … · A Sau, K König, O Ober, U Unter". */
  readonly legend: string;
  readonly yourCards: string;
  /** The declarer's stock, picked up (R6.1). */
  readonly stock: string;
  readonly phaseLabel: string;
  readonly phase: Readonly<Record<Phase, string>>;
  readonly level: (level: Level) => string;
  /** "Spiel: 8 · Spieler Sepp · Trumpf Herz · ×2". */
  readonly game: string;
  readonly declarer: (name: string) => string;
  readonly trump: (suit: string) => string;
  readonly standingBid: (level: string, name: string) => string;
  readonly multiplier: (factor: number) => string;
  readonly doubled: (names: string) => string;
  readonly kontra: (name: string) => string;
  readonly re: string;
  readonly said: string;
  readonly since: string;
  readonly onTable: (trick: number) => string;
  readonly tableEmpty: string;
  readonly tricksTaken: string;
  readonly yourMove: string;
  /** Under the moves: a reply holds one of them on its first line. */
  readonly howToReply: string;
  /** R7.2: the declarer's first card names trump; the moves are each card with each suit. */
  readonly namingTrump: (example: string) => string;
  /** The discard: two cards of the hand, written with the move's word (`example`: a reply that does it). */
  readonly discardTwo: (example: string) => string;
  readonly you: string;
  /** One thing said or played, for "since your last move" and "said". */
  readonly happened: (event: Happened, name: (seat: number) => string, you: number) => string;
}

const LEVEL_NAMES: Record<Level, string> = { '6': '6', '7': '7', '8': '8', '9': '9', '10': '10', bettel: 'Bettel', mord: 'Mord' };

const de: PictureWords = {
  suits: { E: 'Eichel', G: 'Gras', H: 'Herz', S: 'Schellen' },
  legend: 'Karten als Code: E Eichel, G Gras, H Herz, S Schellen; A Sau, K König, O Ober, U Unter, 10 bis 7.',
  yourCards: 'Deine Karten',
  stock: 'Aufgenommener Stock',
  phaseLabel: 'Phase',
  phase: { doubling: 'Doppeln', auction: 'Reizen', discard: 'Drücken', declare: 'Ansagen', play: 'Spiel', finished: 'Vorbei' },
  level: (level) => LEVEL_NAMES[level],
  game: 'Spiel',
  declarer: (name) => `Spieler ${name}`,
  trump: (suit) => `Trumpf ${suit}`,
  standingBid: (level, name) => `Gebot ${level} von ${name}`,
  multiplier: (factor) => `×${factor}`,
  doubled: (names) => `gedoppelt: ${names}`,
  kontra: (name) => `Kontra von ${name}`,
  re: 'Re',
  said: 'Gesagt',
  since: 'Dein letzter Zug und was seitdem geschah',
  onTable: (trick) => `Auf dem Tisch (Stich ${trick})`,
  tableEmpty: 'noch keine Karte',
  tricksTaken: 'Stiche',
  yourMove: 'Dein Zug',
  howToReply: 'Antworte auf diese Mail mit einem davon in der ersten Zeile:',
  namingTrump: (example) =>
    `Mit deiner ersten Karte nennst du Trumpf: die Karte, dann „Trumpf“ und die Farbe (E, G, H oder S), z. B. „${example}“. Deine Karten dafür:`,
  discardTwo: (example) => `Zwei Karten drücken, z. B. „${example}“`,
  you: 'du',
  happened: (event, name, you) => {
    if (event.kind === 'took')
      return event.seat === you ? `du nimmst den Stich ${event.trick}` : `${name(event.seat)} nimmt den Stich ${event.trick}`;
    if (event.kind === 'played')
      return `${name(event.seat)}: ${event.card}${event.knock === true ? ' (klopft)' : ''}${event.trump === undefined ? '' : ` (Trumpf ${de.suits[event.trump]})`}`;
    return saidDe(event.said, name);
  },
};

function saidDe(said: Said, name: (seat: number) => string): string {
  const who = name(said.seat);
  switch (said.type) {
    case 'bid':
      return `${who}: ${LEVEL_NAMES[said.bid]}`;
    case 'hold':
      return `${who}: hält`;
    case 'pass':
      return `${who}: weiter`;
    case 'double':
      return said.double === null ? `${who}: hat entschieden` : said.double ? `${who}: doppelt` : `${who}: doppelt nicht`;
    case 'declare':
      return `${who} sagt ${LEVEL_NAMES[said.contract]} an`;
    case 'kontra':
      return `${who}: Kontra`;
    case 're':
      return said.re ? `${who}: Re` : `${who}: kein Re`;
    case 'discard':
      return `${who} drückt zwei Karten`;
    case 'claim':
      return said.refused === true ? `${who} hat den Rest beansprucht: abgelehnt` : `${who} beansprucht den Rest des Spiels`;
  }
}

const en: PictureWords = {
  suits: { E: 'Acorns', G: 'Leaves', H: 'Hearts', S: 'Bells' },
  legend: 'Cards as codes: E Acorns, G Leaves, H Hearts, S Bells; A Ace, K King, O Over, U Under, 10 to 7.',
  yourCards: 'Your cards',
  stock: 'The stock you picked up',
  phaseLabel: 'Phase',
  phase: { doubling: 'Doubling', auction: 'Auction', discard: 'Discarding', declare: 'Announcing', play: 'Play', finished: 'Over' },
  level: (level) => LEVEL_NAMES[level],
  game: 'Game',
  declarer: (name) => `declarer ${name}`,
  trump: (suit) => `trump ${suit}`,
  standingBid: (level, name) => `bid ${level} by ${name}`,
  multiplier: (factor) => `×${factor}`,
  doubled: (names) => `doubled: ${names}`,
  kontra: (name) => `Kontra by ${name}`,
  re: 'Re',
  said: 'Said',
  since: 'Your last move and what happened since',
  onTable: (trick) => `On the table (trick ${trick})`,
  tableEmpty: 'no card yet',
  tricksTaken: 'Tricks',
  yourMove: 'Your move',
  howToReply: 'Reply to this mail with one of these on the first line:',
  namingTrump: (example) =>
    `With your first card you name trump: the card, then "trump" and the suit (E, G, H or S), e.g. "${example}". Your cards for it:`,
  discardTwo: (example) => `Discard two cards, e.g. "${example}"`,
  you: 'you',
  happened: (event, name, you) => {
    if (event.kind === 'took') return event.seat === you ? `you take trick ${event.trick}` : `${name(event.seat)} takes trick ${event.trick}`;
    if (event.kind === 'played')
      return `${name(event.seat)}: ${event.card}${event.knock === true ? ' (knocks)' : ''}${event.trump === undefined ? '' : ` (trump ${en.suits[event.trump]})`}`;
    return saidEn(event.said, name);
  },
};

function saidEn(said: Said, name: (seat: number) => string): string {
  const who = name(said.seat);
  switch (said.type) {
    case 'bid':
      return `${who}: ${LEVEL_NAMES[said.bid]}`;
    case 'hold':
      return `${who}: holds`;
    case 'pass':
      return `${who}: passes`;
    case 'double':
      return said.double === null ? `${who}: decided` : said.double ? `${who}: doubles` : `${who}: does not double`;
    case 'declare':
      return `${who} announces ${LEVEL_NAMES[said.contract]}`;
    case 'kontra':
      return `${who}: Kontra`;
    case 're':
      return said.re ? `${who}: Re` : `${who}: no Re`;
    case 'discard':
      return `${who} discards two cards`;
    case 'claim':
      return said.refused === true ? `${who} claimed the rest: refused` : `${who} claims the rest of the game`;
  }
}

export const PICTURE_WORDS: Readonly<Record<MailLanguage, PictureWords>> = { de, en };

/** The hand's cards grouped by suit, in the hand's order (the page's: trump first once named, strongest first). */
export function bySuit(cards: readonly CardCode[]): { readonly suit: Suit; readonly cards: readonly CardCode[] }[] {
  const groups: { suit: Suit; cards: CardCode[] }[] = [];
  for (const card of cards) {
    const suit = card[0] as Suit;
    const last = groups.at(-1);
    if (last?.suit === suit) last.cards.push(card);
    else groups.push({ suit, cards: [card] });
  }
  return groups;
}
