/**
 * The table options in the rule book's words: each option as the "new table" form names it, what
 * its values do or what its number counts (the Rules page's table of options), and each value in
 * words. Their defaults are DEFAULT_OPTIONS's (shared/options.ts), never written here.
 */
import { DEFAULT_OPTIONS, type TableOptions } from '../options.js';
import type { Language, Words } from './book.js';
import type { RuleId, SectionId } from './ids.js';

type OptionName = keyof TableOptions;

/** What an option does: of a switch or a choice, what each value does (the table says it of those but the default); of a number, what it counts. */
type Effect<K extends OptionName> = TableOptions[K] extends boolean
  ? { readonly values: { readonly [V in 'true' | 'false']: Words } }
  : TableOptions[K] extends number
    ? { readonly about: Words }
    : { readonly values: { readonly [V in TableOptions[K] & string]: Words } };

/** An option: the rule it changes, its code (the API's name), its name in words, and its effect (markup of markup.ts). */
export type OptionWords = {
  [K in OptionName]: { readonly rule: SectionId | RuleId; readonly code: K; readonly name: Words } & Effect<K>;
}[OptionName];

/** The options of shared/options.ts in the order of the Rules page's table. */
export const OPTION_WORDS: readonly OptionWords[] = [
  {
    rule: 'R3',
    code: 'doubling',
    name: { de: 'Doppeln', en: 'Doubling' },
    values: {
      true: { de: 'eine Doppelrunde nach den ersten drei Karten.', en: 'a doubling round after the first three cards.' },
      false: { de: 'keine Doppelrunde, jeder bekommt gleich alle zehn Karten.', en: 'no doubling, everyone gets all ten cards at once.' },
    },
  },
  {
    rule: 'R4',
    code: 'tenTrickBid',
    name: { de: 'Zehner reizen', en: 'Ten-trick bid' },
    values: {
      true: {
        de: 'auch 10 (alle Stiche, mit Trumpf) reizen und ansagen; 10 liegt zwischen 9 und Bettel.',
        en: '10 (all tricks, with trumps) may be bid and announced; it ranks between 9 and Bettel.',
      },
      false: { de: 'Gebote und Ansagen gehen bis 9, dann Bettel und Mord.', en: 'bids and contracts go up to 9, then Bettel and Mord.' },
    },
  },
  {
    rule: 'R5',
    code: 'allPass',
    name: { de: 'Wenn alle weiter sagen', en: 'When everybody passes' },
    values: {
      forced: { de: 'Die Vorhand muss 6 spielen.', en: 'forehand must play 6.' },
      pot: { de: 'jeder zahlt ins Haferl, und es wird neu gegeben.', en: 'everyone pays into the pot and the cards are dealt again.' },
    },
  },
  {
    rule: 'R5.2',
    code: 'potStake',
    name: { de: 'Einsatz ins Haferl', en: 'Payment into the pot' },
    about: {
      de: 'Was jeder beim Neugeben ins Haferl zahlt, 1 bis {limit:potStake}. Nur mit Haferl.',
      en: 'What each player pays into the pot on a redeal, 1 to {limit:potStake}. Only with the pot.',
    },
  },
  {
    rule: 'R5.2',
    code: 'potTo',
    name: { de: 'Wer das Haferl bekommt', en: 'Who wins the pot' },
    values: {
      declarer: {
        de: 'Er bekommt das ganze Haferl; ein verlorenes Spiel lässt es für später liegen. Nur mit Haferl.',
        en: 'they take the whole pot; a lost game leaves it for later. Only with the pot.',
      },
      winners: {
        de: 'Das nächste Spiel entscheidet; verliert der Alleinspieler, teilen sich die Gegenspieler das Haferl. Nur mit Haferl.',
        en: 'the next game played decides it; if the declarer loses, the defenders share the pot. Only with the pot.',
      },
    },
  },
  {
    rule: 'R5.4',
    code: 'maxRedeals',
    name: { de: 'Höchstens so oft hintereinander neu geben', en: 'Redeals in a row at most' },
    about: {
      de: '1 bis {limit:maxRedeals} Neugeben für ein Spiel; sagen danach wieder alle weiter, ist es ein Muss-Spiel. Nur mit Haferl.',
      en: '1 to {limit:maxRedeals} redeals for one game; when everybody passes after the last, it is a forced game. Only with the pot.',
    },
  },
  {
    rule: 'R7.2',
    code: 'trump',
    name: { de: 'Trumpffarbe', en: 'Trump suit' },
    values: {
      led: { de: 'Die Farbe der ersten Karte des Alleinspielers ist Trumpf.', en: 'the suit of the declarer’s first card is trump.' },
      named: {
        de: 'Der Alleinspieler nennt die Trumpffarbe mit seiner ersten Karte; die Karte muss nicht von dieser Farbe sein.',
        en: 'the declarer names the trump suit with the first card, which need not be of that suit.',
      },
    },
  },
  {
    rule: 'R7.8',
    code: 'winDutyInBettel',
    name: { de: 'Stichzwang im Bettel', en: 'Win duty in Bettel' },
    values: {
      true: { de: 'Der Stichzwang gilt auch im Bettel.', en: 'win duty applies in Bettel too.' },
      false: { de: 'Im Bettel darf man beim Bedienen drunter bleiben.', en: 'in Bettel, whoever follows suit may play low.' },
    },
  },
  {
    rule: 'R7.10',
    code: 'trickHistory',
    name: { de: 'Stiche ansehen', en: 'Tricks you can look at' },
    values: {
      last: { de: 'Jeder darf den letzten fertigen Stich ansehen.', en: 'everyone may look at the last completed trick.' },
      all: { de: 'Jeder fertige Stich des Spiels bleibt sichtbar.', en: 'every completed trick of the game stays visible.' },
      opponents: {
        de: 'Sobald die nächste Karte liegt, sieht jeder nur noch den letzten Stich, den die andere Seite gemacht hat.',
        en: 'once the next card is down, each player sees only the last trick the other side took.',
      },
    },
  },
  {
    rule: 'R7.11',
    code: 'knock',
    name: { de: 'Klopfen', en: 'Knocking' },
    values: { true: { de: 'Gegenspieler dürfen klopfen.', en: 'defenders may knock.' }, false: { de: 'Niemand klopft.', en: 'nobody knocks.' } },
  },
  {
    rule: 'R7.12',
    code: 'claims',
    name: { de: 'Rest beanspruchen', en: 'Claiming the rest' },
    values: {
      true: { de: 'Wer sicher ist, darf den Rest des Spiels beanspruchen.', en: 'a player who is sure may claim the rest of the game.' },
      false: { de: 'Jedes Spiel wird ausgespielt.', en: 'every game is played out.' },
    },
  },
  {
    rule: 'R8',
    code: 'kontra',
    name: { de: 'Kontra und Re', en: 'Kontra and Re' },
    values: {
      true: { de: 'Ein Gegenspieler darf Kontra sagen, der Alleinspieler darauf Re.', en: 'a defender may say Kontra, the declarer then Re.' },
      false: { de: 'kein Kontra und kein Re.', en: 'no Kontra and no Re.' },
    },
  },
  {
    rule: 'R1.2',
    code: 'games',
    name: { de: 'Anzahl der Spiele', en: 'Number of games' },
    about: {
      de: '1 bis {limit:games} Spiele; ein Neugeben mit Haferl zählt nicht mit.',
      en: '1 to {limit:games} games; a redeal with the pot does not count.',
    },
  },
  {
    rule: 'R1.2',
    code: 'firstDealer',
    name: { de: 'Erster Geber', en: 'First dealer' },
    about: { de: 'Wer im ersten Spiel gibt.', en: 'Who deals the first game.' },
  },
  {
    rule: 'R9',
    code: 'stakePerTrick',
    name: { de: 'Einsatz pro Stich', en: 'Stake per trick' },
    about: {
      de: 'Der Einsatz s eines Zahlspiels, je Stich, 1 bis {limit:stakePerTrick}.',
      en: 'The stake s of a numbered game, per trick, 1 to {limit:stakePerTrick}.',
    },
  },
  {
    rule: 'R9.2',
    code: 'flatTariff',
    name: { de: 'Tarif für Bettel und Mord', en: 'Tariff for Bettel and Mord' },
    about: {
      de: 'Der feste Betrag f für Bettel und Mord, 1 bis {limit:flatTariff}.',
      en: 'The flat amount f for Bettel and Mord, 1 to {limit:flatTariff}.',
    },
  },
];

/** The options with a few named values. */
type NamedOption = 'allPass' | 'potTo' | 'trump' | 'trickHistory';

/** Each named value in words, as the "new table" form offers it. */
const VALUE_WORDS: { readonly [K in NamedOption]: { readonly [V in TableOptions[K]]: Words } } = {
  allPass: { forced: { de: 'Muss-Spiel', en: 'Muss-Spiel' }, pot: { de: 'Haferl', en: 'Haferl' } },
  potTo: {
    declarer: { de: 'der nächste Alleinspieler, der gewinnt', en: 'the next declarer who wins a game' },
    winners: { de: 'die Gewinner des nächsten Spiels', en: 'the winners of the next game' },
  },
  trump: { led: { de: 'die Farbe der ersten Karte', en: 'the suit of the first card' }, named: { de: 'genannt', en: 'named' } },
  trickHistory: {
    last: { de: 'den letzten Stich', en: 'the last trick' },
    all: { de: 'alle', en: 'every trick' },
    opponents: { de: 'nur den letzten Stich der Gegenseite', en: 'the other side’s last trick only' },
  },
};

const SWITCH: { readonly [V in 'true' | 'false']: Words } = { true: { de: 'an', en: 'on' }, false: { de: 'aus', en: 'off' } };

/** An option's value (or its text, "true" for a switch's) in words: on or off, a named value as the form names it, a seat as "player 1", a number as it is. */
export function valueText(lang: Language, name: OptionName, value: string | number | boolean): string {
  if (typeof DEFAULT_OPTIONS[name] === 'boolean') return SWITCH[String(value) as 'true' | 'false'][lang];
  if (name === 'firstDealer') return `${lang === 'de' ? 'Spieler' : 'player'} ${Number(value) + 1}`;
  if (typeof value === 'number') return String(value);
  return (VALUE_WORDS[name as NamedOption] as Record<string, Words>)[String(value)]![lang];
}
