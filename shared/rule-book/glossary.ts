/** The glossary of the Rules page: the game's German words, their English words, and what they mean in the reader's language. */
import type { Words } from './book.js';

export interface Term {
  /** The German word, which players keep in both languages, and the English one beside it. */
  readonly word: Words;
  readonly meaning: Words;
}

export const GLOSSARY: readonly Term[] = [
  {
    word: { de: 'Eichel, Gras, Herz, Schellen', en: 'acorns, leaves, hearts, bells' },
    meaning: { de: 'die vier Farben; im französischen Blatt ♣\u00a0♠\u00a0♥\u00a0♦', en: 'the four suits; ♣\u00a0♠\u00a0♥\u00a0♦ with French cards' },
  },
  { word: { de: 'Sau (Ass, Daus)', en: 'ace (“sow”)' }, meaning: { de: 'die höchste Karte jeder Farbe', en: 'the highest card of each suit' } },
  {
    word: { de: 'König, Ober, Unter', en: 'king, over-knave, under-knave' },
    meaning: { de: 'im französischen Blatt K, D (Q), B (J)', en: 'K, Q, J with French cards' },
  },
  { word: { de: 'Geber', en: 'dealer' }, meaning: { de: 'gibt die Karten; ist zugleich die Hinterhand', en: 'deals the cards; is also rearhand' } },
  {
    word: { de: 'Vorhand, Mittelhand, Hinterhand', en: 'forehand, middlehand, rearhand' },
    meaning: { de: 'links vom Geber, der nächste, der Geber', en: 'left of the dealer, the next one, the dealer' },
  },
  { word: { de: 'Stock (Dabb, Start)', en: 'stock' }, meaning: { de: 'die zwei verdeckten Karten', en: 'the two face-down cards' } },
  { word: { de: 'Doppeln', en: 'doubling' }, meaning: { de: 'verdoppeln nach den ersten drei Karten', en: 'doubling after the first three cards' } },
  { word: { de: 'Reizen', en: 'bidding, the auction' }, meaning: { de: 'bieten, wer spielt und wie hoch', en: 'who plays, and how high' } },
  { word: { de: '„Ich spiele“', en: '“I play”' }, meaning: { de: 'das erste Gebot: 6 Stiche', en: 'the first bid: 6 tricks' } },
  { word: { de: '„Weiter“', en: 'pass' }, meaning: { de: 'passen', en: 'no (more) bidding' } },
  {
    word: { de: '„Halte ich“ („Selber“)', en: 'hold' },
    meaning: { de: 'dasselbe Gebot übernehmen (nur die ältere Hand)', en: 'take over the same bid (elder seat only)' },
  },
  { word: { de: 'Alleinspieler, Gegenspieler', en: 'declarer, defenders' }, meaning: { de: 'einer gegen zwei', en: 'one against two' } },
  { word: { de: 'Drücken', en: 'discarding' }, meaning: { de: 'zwei Karten verdeckt weglegen', en: 'putting two cards away face down' } },
  { word: { de: 'Bettel', en: 'misère' }, meaning: { de: 'keinen einzigen Stich machen, ohne Trumpf', en: 'take no trick at all, no trumps' } },
  { word: { de: 'Mord (Kini)', en: 'slam' }, meaning: { de: 'alle zehn Stiche machen, ohne Trumpf', en: 'take all ten tricks, no trumps' } },
  {
    word: { de: 'Muss-Spiel', en: 'forced game' },
    meaning: { de: 'alle sagen weiter: die Vorhand muss 6 spielen', en: 'all pass: forehand must play 6' },
  },
  { word: { de: 'Haferl', en: 'pot' }, meaning: { de: 'Topf für die Einsätze, wenn alle weiter sagen', en: 'the pot when all pass' } },
  { word: { de: 'Farbzwang', en: 'follow duty' }, meaning: { de: 'Farbe bedienen', en: 'follow suit' } },
  { word: { de: 'Stichzwang', en: 'win duty' }, meaning: { de: 'beim Bedienen höher gehen', en: 'head the trick when following' } },
  {
    word: { de: 'Trumpfzwang', en: 'trump duty' },
    meaning: { de: 'ohne die Farbe trumpfen (und übertrumpfen)', en: 'trump (and overtrump) when void' },
  },
  {
    word: { de: 'Kontra, Re', en: 'kontra, re' },
    meaning: { de: 'verdoppeln, nachdem das Spiel angesagt ist', en: 'doubling after the contract is known' },
  },
  {
    word: { de: 'Klopfen', en: 'knock' },
    meaning: { de: 'zeigen, dass eine Farbe aus ist (Tischoption)', en: 'showing a suit is gone (table option)' },
  },
];
