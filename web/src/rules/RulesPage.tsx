/**
 * The rules page: RULES.md (R1 … R10) explained for players, in German and English.
 * It explains the rules and decides none (shared/ does); the options' defaults it names are
 * DEFAULT_OPTIONS's (option-defaults.tsx), never written here. Plain JSX text, no HTML strings;
 * the app loads it lazily. Headings and items carry the rule ids (`#r7`, `#r7.3`), so a
 * refused move that names R7.3 can point here.
 */
import type { ComponentChildren, JSX } from 'preact';
import { DEFAULT_OPTIONS, OPTION_LIMITS, type TableOptions } from '../../../shared/options.js';
import { Default, DefaultMark, valueText, type Language, type Words } from './option-defaults.js';
import './rules.css';

export type { Language };

type OptionName = keyof TableOptions;

// ------------------------------------------------------------------ building blocks

/** A Bavarian game term inside English text, marked as German for screen readers. */
const G = ({ children }: { children: ComponentChildren }) => <i lang="de">{children}</i>;

/** One rule of RULES.md, e.g. R7.3, as a list item that can be linked to (#r7.3). */
const Rule = ({ id, children }: { id: string; children: ComponentChildren }) => (
  <li id={id.toLowerCase()} class="rules-rule">
    <span class="rules-id">{id}</span> {children}
  </li>
);

/** A note on how a table option changes the rule above it. */
const OptionNote = ({ label, children }: { label: string; children: ComponentChildren }) => (
  <p class="rules-option">
    <strong>{label}:</strong> {children}
  </p>
);

/** A section whose heading is the target of the table of contents. */
const Section = ({ id, title, children }: { id: string; title: string; children: ComponentChildren }) => (
  <section aria-labelledby={id}>
    <h2 id={id} tabIndex={-1}>
      {title}
    </h2>
    {children}
  </section>
);

/**
 * In-page links scroll without touching the address: on a table page the fragment holds
 * the seat's token (`/t/{id}#{token}`), which `#r7` must not replace.
 */
function jumpTo(event: MouseEvent, id: string): void {
  const target = document.getElementById(id);
  if (target === null) return;
  event.preventDefault();
  target.scrollIntoView({ block: 'start' });
  target.focus({ preventScroll: true });
}

const Contents = ({ title, entries }: { title: string; entries: readonly (readonly [string, string])[] }) => (
  <nav class="rules-toc" aria-labelledby="rules-toc-title">
    <h2 id="rules-toc-title">{title}</h2>
    <ol>
      {entries.map(([id, label]) => (
        <li key={id}>
          <a href={`#${id}`} onClick={(event) => jumpTo(event, id)}>
            {label}
          </a>
        </li>
      ))}
    </ol>
  </nav>
);

/** Wide tables scroll sideways on a phone instead of widening the page; focusable, so a keyboard can scroll them too. */
const Wide = ({ children }: { children: ComponentChildren }) => (
  <div class="rules-wide" tabIndex={0}>
    {children}
  </div>
);

// ------------------------------------------------------------------ shared tables

interface Term {
  readonly de: string;
  readonly en: string;
  readonly deNote: string;
  readonly enNote: string;
}

/** RULES.md's glossary, for players. */
const TERMS: readonly Term[] = [
  {
    de: 'Eichel, Gras, Herz, Schellen',
    en: 'acorns, leaves, hearts, bells',
    deNote: 'die vier Farben; im französischen Blatt ♣\u00a0♠\u00a0♥\u00a0♦',
    enNote: 'the four suits; ♣\u00a0♠\u00a0♥\u00a0♦ with French cards',
  },
  { de: 'Sau (Ass, Daus)', en: 'ace (“sow”)', deNote: 'die höchste Karte jeder Farbe', enNote: 'the highest card of each suit' },
  {
    de: 'König, Ober, Unter',
    en: 'king, over-knave, under-knave',
    deNote: 'im französischen Blatt K, D (Q), B (J)',
    enNote: 'K, Q, J with French cards',
  },
  { de: 'Geber', en: 'dealer', deNote: 'gibt die Karten; ist zugleich die Hinterhand', enNote: 'deals the cards; is also rearhand' },
  {
    de: 'Vorhand, Mittelhand, Hinterhand',
    en: 'forehand, middlehand, rearhand',
    deNote: 'links vom Geber, der nächste, der Geber',
    enNote: 'left of the dealer, the next one, the dealer',
  },
  { de: 'Stock (Dabb, Start)', en: 'stock', deNote: 'die zwei verdeckten Karten', enNote: 'the two face-down cards' },
  { de: 'Doppeln', en: 'doubling', deNote: 'verdoppeln nach den ersten drei Karten', enNote: 'doubling after the first three cards' },
  { de: 'Reizen', en: 'bidding, the auction', deNote: 'bieten, wer spielt und wie hoch', enNote: 'who plays, and how high' },
  { de: '„Ich spiele“', en: '“I play”', deNote: 'das erste Gebot: 6 Stiche', enNote: 'the first bid: 6 tricks' },
  { de: '„Weiter“', en: 'pass', deNote: 'passen', enNote: 'no (more) bidding' },
  {
    de: '„Halte ich“ („Selber“)',
    en: 'hold',
    deNote: 'dasselbe Gebot übernehmen (nur die ältere Hand)',
    enNote: 'take over the same bid (elder seat only)',
  },
  { de: 'Alleinspieler, Gegenspieler', en: 'declarer, defenders', deNote: 'einer gegen zwei', enNote: 'one against two' },
  { de: 'Drücken', en: 'discarding', deNote: 'zwei Karten verdeckt weglegen', enNote: 'putting two cards away face down' },
  { de: 'Bettel', en: 'misère', deNote: 'keinen einzigen Stich machen, ohne Trumpf', enNote: 'take no trick at all, no trumps' },
  { de: 'Mord (Kini)', en: 'slam', deNote: 'alle zehn Stiche machen, ohne Trumpf', enNote: 'take all ten tricks, no trumps' },
  { de: 'Muss-Spiel', en: 'forced game', deNote: 'alle sagen weiter: die Vorhand muss 6 spielen', enNote: 'all pass: forehand must play 6' },
  { de: 'Haferl', en: 'pot', deNote: 'Topf für die Einsätze, wenn alle weiter sagen', enNote: 'the pot when all pass' },
  { de: 'Farbzwang', en: 'follow duty', deNote: 'Farbe bedienen', enNote: 'follow suit' },
  { de: 'Stichzwang', en: 'win duty', deNote: 'beim Bedienen höher gehen', enNote: 'head the trick when following' },
  { de: 'Trumpfzwang', en: 'trump duty', deNote: 'ohne die Farbe trumpfen (und übertrumpfen)', enNote: 'trump (and overtrump) when void' },
  { de: 'Kontra, Re', en: 'kontra, re', deNote: 'verdoppeln, nachdem das Spiel angesagt ist', enNote: 'doubling after the contract is known' },
  { de: 'Klopfen', en: 'knock', deNote: 'zeigen, dass eine Farbe aus ist (Tischoption)', enNote: 'showing a suit is gone (table option)' },
];

const Glossary = ({ lang }: { lang: Language }) => (
  <Wide>
    <table class="rules-table" aria-labelledby="rules-glossary">
      <thead>
        <tr>
          <th scope="col">{lang === 'de' ? 'Deutsch' : 'German'}</th>
          <th scope="col">{lang === 'de' ? 'Englisch' : 'English'}</th>
          <th scope="col">{lang === 'de' ? 'Bedeutung' : 'meaning'}</th>
        </tr>
      </thead>
      <tbody>
        {TERMS.map((term) => (
          <tr key={term.de}>
            <th scope="row" lang="de">
              {term.de}
            </th>
            <td lang="en">{term.en}</td>
            <td>{lang === 'de' ? term.deNote : term.enNote}</td>
          </tr>
        ))}
      </tbody>
    </table>
  </Wide>
);

/** What an option does: of a switch or a choice, what each value does (the table says it of those but the default); of a number, what it counts. */
type Effect<K extends OptionName> = TableOptions[K] extends boolean
  ? { readonly values: { readonly [V in 'true' | 'false']: Words } }
  : TableOptions[K] extends number
    ? { readonly about: Words }
    : { readonly values: { readonly [V in TableOptions[K] & string]: Words } };

type TableOption = { [K in OptionName]: { readonly rule: string; readonly code: K; readonly name: Words } & Effect<K> }[OptionName];

const L = OPTION_LIMITS;

/** The options of shared/options.ts, named as on the "new table" form; their defaults are DEFAULT_OPTIONS's. */
const OPTIONS: readonly TableOption[] = [
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
      de: `Was jeder beim Neugeben ins Haferl zahlt, 1 bis ${L.potStake}. Nur mit Haferl.`,
      en: `What each player pays into the pot on a redeal, 1 to ${L.potStake}. Only with the pot.`,
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
      de: `1 bis ${L.maxRedeals} Neugeben für ein Spiel; sagen danach wieder alle weiter, ist es ein Muss-Spiel. Nur mit Haferl.`,
      en: `1 to ${L.maxRedeals} redeals for one game; when everybody passes after the last, it is a forced game. Only with the pot.`,
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
      de: `1 bis ${L.games} Spiele; ein Neugeben mit Haferl zählt nicht mit.`,
      en: `1 to ${L.games} games; a redeal with the pot does not count.`,
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
      de: `Der Einsatz s eines Zahlspiels, je Stich, 1 bis ${L.stakePerTrick}.`,
      en: `The stake s of a numbered game, per trick, 1 to ${L.stakePerTrick}.`,
    },
  },
  {
    rule: 'R9.2',
    code: 'flatTariff',
    name: { de: 'Tarif für Bettel und Mord', en: 'Tariff for Bettel and Mord' },
    about: {
      de: `Der feste Betrag f für Bettel und Mord, 1 bis ${L.flatTariff}.`,
      en: `The flat amount f for Bettel and Mord, 1 to ${L.flatTariff}.`,
    },
  },
];

const capitalized = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** What an option changes: what each value but the default does, or what its number means. */
function effectOf(option: TableOption, lang: Language): string {
  if ('about' in option) return option.about[lang];
  const values = option.values as Readonly<Record<string, Words>>;
  return Object.keys(values)
    .filter((value) => value !== String(DEFAULT_OPTIONS[option.code]))
    .map((value) => `${capitalized(valueText(lang, option.code, value))}: ${values[value]![lang]}`)
    .join(' ');
}

const OptionsTable = ({ lang }: { lang: Language }) => (
  <Wide>
    <table class="rules-table" aria-labelledby="rules-options">
      <thead>
        <tr>
          <th scope="col">{lang === 'de' ? 'Option' : 'option'}</th>
          <th scope="col">{lang === 'de' ? 'Voreinstellung' : 'default'}</th>
          <th scope="col">{lang === 'de' ? 'Was sie ändert' : 'what it changes'}</th>
          <th scope="col">{lang === 'de' ? 'Regel' : 'rule'}</th>
        </tr>
      </thead>
      <tbody>
        {OPTIONS.map((option) => (
          <tr key={option.code} data-option={option.code}>
            <th scope="row">
              {option.name[lang]} <code>{option.code}</code>
            </th>
            <td>
              <Default lang={lang} of={option.code} />
            </td>
            <td data-option-effect>{effectOf(option, lang)}</td>
            <td>
              <a href={`#${option.rule.toLowerCase()}`} onClick={(event) => jumpTo(event, option.rule.toLowerCase())}>
                {option.rule}
              </a>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  </Wide>
);

/** The worked example: contract 7, 8 tricks, one double and a kontra, s = 1. */
const ExampleTable = ({ lang }: { lang: Language }) => (
  <table class="rules-table rules-example-table">
    <caption>{lang === 'de' ? 'Wer zahlt wem' : 'Who pays whom'}</caption>
    <thead>
      <tr>
        <th scope="col">{lang === 'de' ? 'Spieler' : 'player'}</th>
        <th scope="col">{lang === 'de' ? 'Rechnung' : 'reckoning'}</th>
        <th scope="col">{lang === 'de' ? 'Kontostand' : 'balance'}</th>
      </tr>
    </thead>
    <tbody>
      <tr>
        <th scope="row">{lang === 'de' ? 'Alleinspieler' : 'declarer'}</th>
        <td>2 · 32</td>
        <td class="rules-num">+64</td>
      </tr>
      <tr>
        <th scope="row">{lang === 'de' ? 'Gegenspieler 1' : 'defender 1'}</th>
        <td>1 · 8 · 4</td>
        <td class="rules-num">−32</td>
      </tr>
      <tr>
        <th scope="row">{lang === 'de' ? 'Gegenspieler 2' : 'defender 2'}</th>
        <td>1 · 8 · 4</td>
        <td class="rules-num">−32</td>
      </tr>
    </tbody>
    <tfoot>
      <tr>
        <th scope="row">{lang === 'de' ? 'Summe' : 'sum'}</th>
        <td />
        <td class="rules-num">0</td>
      </tr>
    </tfoot>
  </table>
);

// ------------------------------------------------------------------ German

const CONTENTS_DE = [
  ['rules-intro', 'Worum es geht'],
  ['rules-glossary', 'Die Wörter des Spiels'],
  ['r1', 'R1 Karten und Spieler'],
  ['r2', 'R2 Mischen und Geben'],
  ['r3', 'R3 Doppeln'],
  ['r4', 'R4 Reizen'],
  ['r5', 'R5 Wenn alle weiter sagen'],
  ['r6', 'R6 Stock, Drücken und Ansage'],
  ['r7', 'R7 Das Spiel'],
  ['r8', 'R8 Kontra und Re'],
  ['r9', 'R9 Abrechnung'],
  ['r10', 'R10 Das Protokoll eines Spiels'],
  ['rules-options', 'Die Tischoptionen'],
  ['rules-example', 'Beispiel einer Abrechnung'],
] as const;

const German = () => (
  <article class="rules" lang="de">
    <h1>Wallachen: die Regeln</h1>
    <Contents title="Inhalt" entries={CONTENTS_DE} />

    <Section id="rules-intro" title="Worum es geht">
      <p>
        Wallachen ist ein altes bayerisches Wirtshauskartenspiel für drei Spieler, verwandt mit dem Préférence. Gespielt wird mit 32 Karten im
        bayerischen Blatt: Eichel, Gras, Herz und Schellen. Es zählen nur Stiche, keine Augen. Wer das Reizen gewinnt, ist der Alleinspieler: Er
        verspricht, eine bestimmte Zahl der zehn Stiche zu machen (oder im Bettel keinen, im Mord alle) und spielt allein gegen die beiden anderen.
      </p>
      <p>
        Hier wird per Fernpartie gespielt: Jeder zieht, wann er Zeit hat, der Tisch sagt, wer dran ist, und nimmt nur Züge an, die die Regeln
        erlauben. Die Nummern R1 bis R10 sind die Nummern der Regeln, mit denen auch das Programm arbeitet; wird ein Zug abgelehnt, steht die Regel
        dabei, zum Beispiel R7.3.
      </p>
    </Section>

    <Section id="rules-glossary" title="Die Wörter des Spiels">
      <p>Die bayerischen Wörter gelten in beiden Sprachen; die englischen stehen für gemischte Runden dabei.</p>
      <Glossary lang="de" />
    </Section>

    <Section id="r1" title="R1 Karten und Spieler">
      <ul>
        <Rule id="R1.1">
          32 Karten: vier Farben (Eichel, Gras, Herz, Schellen) mit je Sau, König, Ober, Unter, 10, 9, 8, 7. In dieser Reihenfolge stechen sie in
          jeder Farbe, die Sau ist die höchste. Die Zehn steht also unter dem Unter. Die Karten haben keine Augen: Es zählt nur, wie viele Stiche
          einer macht.
        </Rule>
        <Rule id="R1.2">
          Drei Spieler sitzen im Uhrzeigersinn. Ein Tisch spielt eine Runde von Spielen (Tischoption „Anzahl der Spiele“, normalerweise{' '}
          <Default lang="de" of="games" />; bei drei gibt jeder einmal). Wer zuerst gibt, bestimmt der, der den Tisch anlegt. Nach jedem Spiel gibt
          der Nächste im Uhrzeigersinn, auch nach einem Neugeben mit Haferl (R5.2).
        </Rule>
        <Rule id="R1.3">
          Links vom Geber (der Nächste im Uhrzeigersinn) sitzt die Vorhand, dann die Mittelhand; der Geber selbst ist die Hinterhand.
        </Rule>
      </ul>
    </Section>

    <Section id="r2" title="R2 Mischen und Geben">
      <ul>
        <Rule id="R2.1">
          Der Tisch mischt mit einem kryptografisch sicheren Zufall; Abheben braucht es online nicht. Während des Spiels zeigt der Tisch einen
          Fingerabdruck (SHA-256) des geheimen Mischwerts, danach den Wert selbst: So kann jeder nachprüfen, dass die Karten schon vor dem ersten
          Gebot feststanden.
        </Rule>
        <Rule id="R2.2">
          Jeder bekommt 10 Karten, 2 kommen verdeckt in den Stock. Wie am Wirtshaustisch wird 3-4-3 gegeben; nach den ersten 3 Karten ist Zeit zum
          Doppeln (R3).
        </Rule>
      </ul>
    </Section>

    <Section id="r3" title="R3 Doppeln">
      <ul>
        <Rule id="R3.1">
          Nach den ersten 3 Karten sieht jeder nur diese 3 und entscheidet einmal: doppeln oder nicht. Jeder entscheidet für sich, in beliebiger
          Reihenfolge. Bis alle drei entschieden haben, erfährt niemand, kein Spieler und kein Zuschauer, etwas über die Entscheidung eines anderen:
          nicht aus den Doppeln, nicht aus dem Faktor und aus keiner anderen Zahl. Man sieht nur, wer schon entschieden hat, und seine eigene
          Entscheidung. Erst wenn alle drei entschieden haben, sieht jeder, wer gedoppelt hat, und bekommt seine restlichen Karten.
        </Rule>
        <Rule id="R3.2">Jeder Doppler verdoppelt jede Zahlung dieses Spiels: einer ×2, zwei ×4, drei ×8.</Rule>
        <Rule id="R3.3">Ohne Doppeln bekommt jeder gleich alle 10 Karten.</Rule>
        <Rule id="R3.4">
          Doppeln, bevor man eine Karte gesehen hat („blind“, „vor oder während des Gebens“), gibt es hier nicht: Online ist in einem Augenblick
          gegeben, und der Moment nach dem ersten Päckchen (R3.1) ist der, den alle drei Regeltexte beschreiben.
        </Rule>
      </ul>
      <OptionNote label="Tischoption „Doppeln“">
        normalerweise <Default lang="de" of="doubling" />; aus heißt: keine Doppelrunde (R3.3).
      </OptionNote>
    </Section>

    <Section id="r4" title="R4 Reizen">
      <p>
        Die Gebote von niedrig nach hoch: <strong>6, 7, 8, 9, Bettel, Mord</strong> (mit der Tischoption „Zehner reizen“ auch 10, zwischen 9 und
        Bettel). Eine Zahl heißt: So viele der zehn Stiche mache ich mindestens. Gereizt wird in zwei Runden, jeweils zwei gegeneinander.
      </p>
      <ul>
        <Rule id="R4.1">Erst die Vorhand gegen die Mittelhand. Die Vorhand spricht zuerst: „Ich spiele“ (das heißt 6) oder „Weiter“.</Rule>
        <Rule id="R4.2">
          Hat die Vorhand gespielt, sagt die Mittelhand „Weiter“ oder bietet höher, etwa 7 (Sprünge sind erlaubt, auch gleich Bettel oder Mord).
          Darauf sagt die Vorhand „Halte ich“ (sie übernimmt dasselbe Gebot, denn die ältere Hand hat Vorrang) oder „Weiter“. Dann muss die Mittelhand
          wieder höher bieten oder passen, und so fort, bis einer weiter sagt. Die Vorhand bietet nie selbst höher: Sie hält oder passt. Hat die
          Vorhand gleich „Weiter“ gesagt, sagt die Mittelhand „Ich spiele“ oder „Weiter“.
        </Rule>
        <Rule id="R4.3">
          Dann der Geber gegen den, der übrig geblieben ist: Der Geber bietet höher oder sagt weiter, der andere hält oder sagt weiter, abwechselnd,
          bis einer weiter sagt. Ist aus der ersten Runde keiner übrig, sagt der Geber „Ich spiele“ oder „Weiter“.
        </Rule>
        <Rule id="R4.4">
          Bettel und Mord darf man direkt bieten, wann immer man höher bieten darf. Wer in einer Runde als Erster spricht (die Vorhand; die
          Mittelhand, wenn die Vorhand gleich gepasst hat; der Geber, wenn keiner übrig ist), sagt nur „Ich spiele“ oder „Weiter“; Bettel oder Mord
          kann er nach dem Stock immer noch ansagen (R6.2). Über Mord geht nichts: Wer Mord überbieten müsste, wird nicht mehr gefragt und gilt als
          gepasst.
        </Rule>
        <Rule id="R4.5">
          Wer als Letzter übrig bleibt, ist der Alleinspieler, mit seinem letzten Gebot. Die beiden anderen spielen als Gegenspieler zusammen.
        </Rule>
      </ul>
      <p class="rules-example">
        <strong>Beispiel:</strong> Vorhand: „Ich spiele.“ Mittelhand: „Sieben.“ Vorhand: „Halte ich.“ Mittelhand: „Acht.“ Vorhand: „Weiter.“ Jetzt der
        Geber gegen die Mittelhand: Geber: „Neun.“ Mittelhand: „Halte ich.“ Geber: „Weiter.“ Die Mittelhand ist Alleinspieler mit 9.
      </p>
      <OptionNote label="Tischoption „Zehner reizen“">
        normalerweise <Default lang="de" of="tenTrickBid" />; an heißt: Es gibt auch das Gebot 10, zwischen 9 und Bettel.
      </OptionNote>
    </Section>

    <Section id="r5" title="R5 Wenn alle weiter sagen">
      <p>Was dann geschieht, legt die Tischoption „Wenn alle weiter sagen“ fest.</p>
      <ul>
        <Rule id="R5.1">
          <strong>Muss-Spiel</strong>
          <DefaultMark lang="de" of="allPass" is="forced" />: Die Vorhand wird Alleinspieler mit 6. Nach dem Stock darf sie, wie jeder Alleinspieler,
          auch höher ansagen (R6.2).
        </Rule>
        <Rule id="R5.2">
          <strong>Haferl</strong>
          <DefaultMark lang="de" of="allPass" is="pot" />: Jeder zahlt den Einsatz ins Haferl (Tischoption, normalerweise{' '}
          <Default lang="de" of="potStake" />
          ), und der nächste Geber gibt neu. Das Haferl ist wie eine vierte Kasse. Doppler, Kontra und Re vervielfachen den Einsatz ins Haferl nie.
          Ein Neugeben ist kein Spiel der Runde: Die Nummer des Spiels bleibt, nur der Geber wechselt. Wer das Haferl bekommt, legt die Tischoption
          „Wer das Haferl bekommt“ fest:
          <ul>
            <li>
              <strong>der nächste Alleinspieler, der gewinnt</strong>
              <DefaultMark lang="de" of="potTo" is="declarer" />: Er bekommt das ganze Haferl; ein verlorenes Spiel lässt es für später liegen.
            </li>
            <li>
              <strong>die Gewinner des nächsten Spiels</strong> („für den Gewinner des nächsten Spiels“)
              <DefaultMark lang="de" of="potTo" is="winners" />: Das nächste gespielte Spiel entscheidet. Gewinnt der Alleinspieler, bekommt er das
              ganze Haferl; verliert er, teilen es sich die beiden Gegenspieler zu gleichen Teilen, und was sich nicht teilen lässt, bleibt im Haferl.
            </li>
          </ul>
        </Rule>
        <Rule id="R5.3">
          Ist die Runde zu Ende und liegt noch etwas im Haferl, bekommen es die drei zu gleichen Teilen zurück; was sich nicht durch drei teilen
          lässt, bleibt im Haferl. Der Endstand zeigt es.
        </Rule>
        <Rule id="R5.4">
          Für dieselbe Spielnummer wird nur begrenzt oft hintereinander neu gegeben (Tischoption „Höchstens so oft hintereinander neu geben“, 1 bis{' '}
          {OPTION_LIMITS.maxRedeals}, normal <Default lang="de" of="maxRedeals" />
          ). Sagen nach dem letzten Neugeben wieder alle weiter, wird wie in R5.1 ein Muss-Spiel gespielt.
        </Rule>
      </ul>
    </Section>

    <Section id="r6" title="R6 Stock, Drücken und Ansage">
      <ul>
        <Rule id="R6.1">
          Der Alleinspieler nimmt die 2 Karten des Stocks auf (jetzt hat er 12) und drückt 2 beliebige verdeckt. Die gedrückten Karten gehören zu
          keinem Stich, und niemand sonst sieht sie, bis das Spiel vorbei ist (R10.3).
        </Rule>
        <Rule id="R6.2">
          Dann sagt er sein Spiel an: das gereizte Gebot, eine höhere Zahl (bis 9, mit „Zehner reizen“ bis 10), Bettel oder Mord. Niedriger als
          gereizt darf er nie ansagen. Wer 7 gereizt hat, kann also 7, 8, 9, Bettel oder Mord spielen; wer Bettel gereizt hat, nur Bettel oder Mord.
        </Rule>
        <Rule id="R6.3">Die Zahlen sind Spiele mit Trumpf (R7.2); Bettel und Mord haben keinen Trumpf.</Rule>
      </ul>
    </Section>

    <Section id="r7" title="R7 Das Spiel">
      <ul>
        <Rule id="R7.1">Der Alleinspieler spielt immer zum ersten Stich aus, egal wo er sitzt.</Rule>
        <Rule id="R7.2">
          Bei einer Zahl steht mit der ersten Karte des Alleinspielers die Trumpffarbe fest, für das ganze Spiel. Trumpf sticht jede andere Farbe.
          Wie, legt die Tischoption „Trumpffarbe“ fest: Mit „die Farbe der ersten Karte“
          <DefaultMark lang="de" of="trump" is="led" /> ist die Farbe dieser ersten Karte Trumpf, der erste Stich ist also ein Trumpfstich. Mit
          „genannt“
          <DefaultMark lang="de" of="trump" is="named" /> nennt der Alleinspieler beim Ausspielen der ersten Karte eine beliebige Farbe als Trumpf,
          und die Karte muss nicht von dieser Farbe sein.
        </Rule>
        <Rule id="R7.3">
          <strong>Farbzwang</strong>: Wer die ausgespielte Farbe hat, muss sie bedienen.
        </Rule>
        <Rule id="R7.4">
          <strong>Stichzwang</strong>: Wer bedient, muss höher gehen, wenn er kann, also eine Karte legen, die höher ist als die bisher höchste Karte
          dieser Farbe im Stich. Liegt aber schon ein Trumpf im Stich (und die Farbe ist nicht Trumpf), kann ihn keine Karte der Farbe mehr schlagen:
          Dann darf man jede Karte der Farbe legen.
        </Rule>
        <Rule id="R7.5">
          <strong>Trumpfzwang</strong>: Wer nicht bedienen kann, aber Trumpf hat, muss trumpfen. Liegt schon ein Trumpf im Stich, muss er
          übertrumpfen, wenn er kann, sonst einen beliebigen Trumpf legen.
        </Rule>
        <Rule id="R7.6">Erst wer weder bedienen noch trumpfen kann, darf eine beliebige Karte abwerfen.</Rule>
        <Rule id="R7.7">
          Den Stich bekommt der höchste Trumpf darin, sonst die höchste Karte der ausgespielten Farbe. Wer sticht, spielt als Nächster aus.
        </Rule>
        <Rule id="R7.8">
          Farbzwang und Stichzwang gelten in jedem Spiel, auch im Bettel und Mord (Trumpfzwang gibt es dort nicht, weil es keinen Trumpf gibt). Mit
          der Tischoption „Stichzwang im Bettel“ aus entfällt der Stichzwang im Bettel: Dort darf man dann beim Bedienen drunter bleiben.
        </Rule>
        <Rule id="R7.9">
          Der Bettel ist sofort verloren und vorbei, sobald der Alleinspieler einen Stich macht; der Mord, sobald ein Gegenspieler einen Stich macht.
          Ein Zahlspiel wird immer bis zum zehnten Stich gespielt, denn jeder Stich zählt.
        </Rule>
        <Rule id="R7.10">
          Den letzten fertigen Stich darf sich jeder ansehen. Mit der Tischoption „Stiche ansehen: alle“ bleiben alle Stiche des Spiels sichtbar. Mit
          „nur den letzten Stich der Gegenseite“ bleibt der gerade fertige Stich für alle liegen, bis die nächste Karte kommt; danach darf der
          Alleinspieler nur den letzten Stich ansehen, den die Gegenspieler gemacht haben, und jeder Gegenspieler nur den letzten Stich des
          Alleinspielers. Zuschauer sehen, was ein Gegenspieler sieht.
        </Rule>
        <Rule id="R7.11">
          <strong>Klopfen</strong> (Tischoption, normalerweise <Default lang="de" of="knock" />
          ): Ein Gegenspieler, der nicht bedient (also trumpft oder abwirft) und dabei seine letzte Karte einer Farbe legt, darf klopfen; alle sehen
          es. So weiß sein Partner, dass diese Farbe bei ihm aus ist. Beim Ausspielen wird nicht geklopft, und der Alleinspieler klopft nie.
        </Rule>
        <Rule id="R7.12">
          <strong>Rest beanspruchen</strong> (Tischoption, normalerweise <Default lang="de" of="claims" />
          ): Während des Ausspielens darf jeder den Rest des Spiels beanspruchen, auch wenn er nicht dran ist: der Alleinspieler, dass er alle übrigen
          Stiche macht (beim Bettel: keinen mehr), ein Gegenspieler, dass der Alleinspieler keinen Stich mehr macht (beim Mord: dass die Gegenspieler
          einen machen). Das gilt nur, wenn es sicher ist, wie immer alle ihre Karten regelgerecht spielen und wie immer die Karten liegen, die er
          nicht sieht; dann endet das Spiel sofort und wird abgerechnet, als wäre es so ausgespielt worden. Sonst ändert sich nichts.
        </Rule>
      </ul>
      <p class="rules-example">
        <strong>Beispiel:</strong> Herz ist Trumpf, Schellen-König ist ausgespielt. Du hast Schellen-Sau und Schellen-Ober: Du musst die Sau legen
        (Stichzwang). Hat der Spieler vor dir schon mit Herz gestochen, darfst du auch den Ober legen. Hast du keine Schellen, aber Herz, musst du
        trumpfen, und zwar höher als ein Herz, das schon liegt, wenn du kannst.
      </p>
    </Section>

    <Section id="r8" title="R8 Kontra und Re">
      <ul>
        <Rule id="R8.1">
          Sobald das Spiel angesagt ist und bis der erste Stich fertig ist, darf ein Gegenspieler „Kontra“ sagen, einmal pro Spiel für beide
          Gegenspieler zusammen. In der Praxis sagt er es mit oder vor seiner eigenen Karte zum ersten Stich, denn jeder Gegenspieler ist im ersten
          Stich einmal dran.
        </Rule>
        <Rule id="R8.2">
          Nach einem Kontra ruht das Spiel: Der Alleinspieler ist dran und sagt „Re“ oder „kein Re“; erst dann geht es weiter. Re gibt es nur in
          diesem Zug. (Wer in seinem eigenen Zug antworten muss, kann die Gelegenheit nicht verpassen; das zählt, wenn zwischen zwei Zügen Tage
          liegen.)
        </Rule>
        <Rule id="R8.3">Kontra und Re verdoppeln jede Zahlung des Spiels, genau wie ein Doppler.</Rule>
      </ul>
      <OptionNote label="Tischoption „Kontra und Re“">
        normalerweise <Default lang="de" of="kontra" />; aus heißt: kein Kontra, kein Re.
      </OptionNote>
    </Section>

    <Section id="r9" title="R9 Abrechnung">
      <p>
        Der <strong>Faktor</strong> m ist 2 hoch (Doppler + Kontra + Re): ohne alles 1, dann 2, 4, 8 … bis 32 (drei Doppler, Kontra und Re). Dazu die
        Tischoptionen: s = Einsatz pro Stich (normal <Default lang="de" of="stakePerTrick" />
        ), f = Tarif für Bettel und Mord (normal <Default lang="de" of="flatTariff" />
        ).
      </p>
      <ul>
        <Rule id="R9.1">
          Zahlspiel mit Ansage c, der Alleinspieler hat t Stiche gemacht. Gewonnen (t mindestens c): Jeder Gegenspieler zahlt ihm s · t · m, jeder
          Stich über die Ansage zählt also mit. Verloren (t kleiner als c): Er zahlt jedem Gegenspieler s · c · m, gerechnet mit der Ansage.
        </Rule>
        <Rule id="R9.2">
          Bettel gewonnen (kein Stich) oder Mord gewonnen (alle 10 Stiche): Jeder Gegenspieler zahlt ihm f · m. Verloren: Er zahlt jedem Gegenspieler
          f · m.
        </Rule>
        <Rule id="R9.3">
          Mit Haferl (R5.2) bewegt das Spiel auch das Haferl, so wie es die Tischoption „Wer das Haferl bekommt“ sagt (R5.2, R5.3).
        </Rule>
        <Rule id="R9.4">Es wird nur umverteilt: Die drei Kontostände und das Haferl ergeben zusammen immer 0.</Rule>
      </ul>
    </Section>

    <Section id="r10" title="R10 Das Protokoll eines Spiels">
      <ul>
        <Rule id="R10.1">
          Jedes Spiel wird vollständig aufgeschrieben: Optionen, Geber, alle Karten und der Stock, jeder Zug in seiner Reihenfolge, die Ansage, der
          Trumpf, die Stiche und die Abrechnung. Spielt man es nach, kommt genau dasselbe heraus.
        </Rule>
        <Rule id="R10.2">
          Solange ein Spiel läuft, sieht jeder nur: seine eigenen Karten, die gespielten Karten (R7.10), alles, was angesagt wird (Doppler, Gebote,
          Ansage, Kontra und Re, Klopfen), und wie viele Karten jeder noch hat. Nur der Alleinspieler sieht nach dem Aufnehmen den Stock und seine
          gedrückten Karten. Zuschauer sehen nur, was alle sehen.
        </Rule>
        <Rule id="R10.3">
          Ist das Spiel vorbei, darf das ganze Protokoll gezeigt werden, mit allen Karten, dem Stock und den gedrückten Karten, den Spielern und den
          Zuschauern.
        </Rule>
      </ul>
    </Section>

    <Section id="rules-options" title="Die Tischoptionen">
      <p>
        Wer einen Tisch anlegt, wählt diese Regeln für die ganze Runde. Ohne Wahl gilt die Voreinstellung. Der Code in der ersten Spalte ist der Name
        der Option in der Programmierschnittstelle.
      </p>
      <OptionsTable lang="de" />
    </Section>

    <Section id="rules-example" title="Beispiel einer Abrechnung">
      <p>
        Einsatz pro Stich 1. Beim Geben doppelt ein Spieler (×2). Die Vorhand gewinnt das Reizen mit 7, nimmt den Stock auf, drückt und sagt 7 an. Ein
        Gegenspieler sagt Kontra (×2), der Alleinspieler sagt kein Re. Der Faktor ist also m = 2<sup>1 + 1</sup> = 4. Der Alleinspieler macht 8
        Stiche: gewonnen, und jeder Stich zählt. Jeder Gegenspieler zahlt ihm 1 · 8 · 4 = 32.
      </p>
      <ExampleTable lang="de" />
      <ul>
        <li>
          Hätte er nur 6 Stiche gemacht, wäre das Spiel verloren: Er zahlt jedem Gegenspieler 1 · 7 · 4 = 28 (die angesagten 7, nicht die gemachten
          6), also −56 für ihn und +28 für jeden Gegenspieler.
        </li>
        <li>Mit Re dazu wäre m = 8: Jeder Gegenspieler zahlt 1 · 8 · 8 = 64.</li>
        <li>Lägen 3 im Haferl, bekäme er die auch noch: +67 statt +64, und das Haferl ist leer.</li>
        <li>Ein gewonnener Bettel mit demselben Doppler und Kontra bringt von jedem Gegenspieler 10 · 4 = 40.</li>
      </ul>
    </Section>
  </article>
);

// ------------------------------------------------------------------ English

const CONTENTS_EN = [
  ['rules-intro', 'What the game is'],
  ['rules-glossary', 'The words of the game'],
  ['r1', 'R1 Cards and players'],
  ['r2', 'R2 Shuffle and deal'],
  ['r3', 'R3 Doubling (Doppeln)'],
  ['r4', 'R4 The auction (Reizen)'],
  ['r5', 'R5 When everybody passes'],
  ['r6', 'R6 Stock, discard and contract'],
  ['r7', 'R7 Play'],
  ['r8', 'R8 Kontra and Re'],
  ['r9', 'R9 Settlement'],
  ['r10', 'R10 The record of a game'],
  ['rules-options', 'The table options'],
  ['rules-example', 'A settlement, worked out'],
] as const;

const English = () => (
  <article class="rules" lang="en">
    <h1>Wallachen: the rules</h1>
    <Contents title="Contents" entries={CONTENTS_EN} />

    <Section id="rules-intro" title="What the game is">
      <p>
        Wallachen is an old Bavarian tavern card game for three players, a relative of Préférence. It is played with 32 cards of the Bavarian pattern,
        in the suits <G>Eichel</G>, <G>Gras</G>, <G>Herz</G> and <G>Schellen</G> (acorns, leaves, hearts, bells). Only tricks count, not card points.
        Whoever wins the auction is the declarer: they promise to take a certain number of the ten tricks (or none in <G>Bettel</G>, or all in{' '}
        <G>Mord</G>) and play alone against the other two.
      </p>
      <p>
        Here the game is played by correspondence: everyone moves when they have time, the table shows whose turn it is and accepts only moves the
        rules allow. The numbers R1 to R10 are the rule numbers the program uses as well; when a move is refused, the rule is named, for example R7.3.
        Players keep the Bavarian words, in English too; the glossary below translates them.
      </p>
    </Section>

    <Section id="rules-glossary" title="The words of the game">
      <Glossary lang="en" />
    </Section>

    <Section id="r1" title="R1 Cards and players">
      <ul>
        <Rule id="R1.1">
          32 cards: four suits (<G>Eichel</G>, <G>Gras</G>, <G>Herz</G>, <G>Schellen</G>), each with <G>Sau</G> (ace), <G>König</G> (king),{' '}
          <G>Ober</G>, <G>Unter</G>, 10, 9, 8, 7. They rank in that order in every suit, the <G>Sau</G> highest, so the ten ranks below the{' '}
          <G>Unter</G>. Cards have no point values: all that counts is how many tricks you take.
        </Rule>
        <Rule id="R1.2">
          Three players sit clockwise. A table plays a series of games (table option “Number of games”, <Default lang="en" of="games" /> by default;
          with three, everyone deals once); whoever creates the table chooses the first dealer. After each game the next player clockwise deals, also
          after a redeal with the pot (R5.2).
        </Rule>
        <Rule id="R1.3">
          Left of the dealer (next clockwise) sits <G>Vorhand</G> (forehand), then <G>Mittelhand</G> (middlehand); the dealer is <G>Hinterhand</G>{' '}
          (rearhand).
        </Rule>
      </ul>
    </Section>

    <Section id="r2" title="R2 Shuffle and deal">
      <ul>
        <Rule id="R2.1">
          The table shuffles with a cryptographically secure random source; there is no cut online. During the game the table shows a fingerprint
          (SHA-256) of the secret shuffle seed and afterwards the seed itself, so anyone can check that the cards were fixed before the first bid.
        </Rule>
        <Rule id="R2.2">
          Everyone gets 10 cards, and 2 go face down to the <G>Stock</G>. As at the tavern table the cards come 3-4-3; after the first 3 there is time
          to double (R3).
        </Rule>
      </ul>
    </Section>

    <Section id="r3" title="R3 Doubling (Doppeln)">
      <ul>
        <Rule id="R3.1">
          After the first 3 cards everyone sees only those 3 and decides once: double or not. Each decides alone, in any order. Until all three have
          decided, nobody, no player and no spectator, learns anything of another player’s choice: not from the doubles, nor from the multiplier or
          any other figure. You see only who has decided, and your own choice. Only when all three have decided does everyone see who doubled and get
          the rest of their cards.
        </Rule>
        <Rule id="R3.2">Each double doubles every payment of this game: one ×2, two ×4, three ×8.</Rule>
        <Rule id="R3.3">Without doubling everyone gets all 10 cards at once.</Rule>
        <Rule id="R3.4">
          Doubling before seeing any card (“blind”, “before or during the deal”) is not offered: online the deal takes no time, and the moment after
          the first packet (R3.1) is the one all three source texts describe.
        </Rule>
      </ul>
      <OptionNote label="Table option “Doubling”">
        <Default lang="en" of="doubling" /> by default; off means no doubling round (R3.3).
      </OptionNote>
    </Section>

    <Section id="r4" title="R4 The auction (Reizen)">
      <p>
        The bids from low to high:{' '}
        <strong>
          6, 7, 8, 9, <G>Bettel</G>, <G>Mord</G>
        </strong>{' '}
        (with the table option “Ten-trick bid” also 10, between 9 and <G>Bettel</G>). A number means: I will take at least that many of the ten
        tricks. The auction is two duels of two players each.
      </p>
      <ul>
        <Rule id="R4.1">
          First <G>Vorhand</G> against <G>Mittelhand</G>. <G>Vorhand</G> speaks first: <G>„Ich spiele“</G> (I play, which is a bid of 6) or{' '}
          <G>„Weiter“</G> (pass).
        </Rule>
        <Rule id="R4.2">
          If <G>Vorhand</G> played, <G>Mittelhand</G> passes or bids higher, say 7 (jumps are allowed, straight to <G>Bettel</G> or <G>Mord</G> too).{' '}
          <G>Vorhand</G> then answers <G>„Halte ich“</G> (I hold: it takes over the same bid, because the elder seat has priority) or passes. Then{' '}
          <G>Mittelhand</G> must bid higher again or pass, and so on until one passes. <G>Vorhand</G> never raises; it holds or passes. If{' '}
          <G>Vorhand</G> passed at once, <G>Mittelhand</G> plays (6) or passes.
        </Rule>
        <Rule id="R4.3">
          Then the dealer against whoever is left: the dealer bids higher or passes, the other holds or passes, in turn until one passes. If nobody is
          left from the first duel, the dealer plays (6) or passes.
        </Rule>
        <Rule id="R4.4">
          <G>Bettel</G> and <G>Mord</G> may be bid directly whenever a higher bid is allowed. Whoever speaks first in a duel (<G>Vorhand</G>;{' '}
          <G>Mittelhand</G> after <G>Vorhand</G> passed at once; the dealer when nobody is left) can only play or pass, and may still announce{' '}
          <G>Bettel</G> or <G>Mord</G> after the stock (R6.2). Nothing beats <G>Mord</G>: a player who would have to outbid it is not asked and counts
          as having passed.
        </Rule>
        <Rule id="R4.5">
          The last one standing is the declarer (<G>Alleinspieler</G>), with their last bid. The other two are the defenders (<G>Gegenspieler</G>) and
          play together.
        </Rule>
      </ul>
      <p class="rules-example">
        <strong>Example:</strong> <G>Vorhand</G>: “<G>Ich spiele</G>.” <G>Mittelhand</G>: “Seven.” <G>Vorhand</G>: “<G>Halte ich</G>.”{' '}
        <G>Mittelhand</G>: “Eight.” <G>Vorhand</G>: “<G>Weiter</G>.” Now the dealer against <G>Mittelhand</G>: dealer: “Nine.” <G>Mittelhand</G>: “
        <G>Halte ich</G>.” Dealer: “<G>Weiter</G>.” <G>Mittelhand</G> is the declarer with 9.
      </p>
      <OptionNote label="Table option “Ten-trick bid”">
        <Default lang="en" of="tenTrickBid" /> by default; on adds the bid 10, between 9 and Bettel.
      </OptionNote>
    </Section>

    <Section id="r5" title="R5 When everybody passes">
      <p>What happens then is set by the table option “When everybody passes”.</p>
      <ul>
        <Rule id="R5.1">
          <strong>
            <G>Muss-Spiel</G>
          </strong>
          , the forced game
          <DefaultMark lang="en" of="allPass" is="forced" />: <G>Vorhand</G> becomes the declarer with 6. After the stock it may, like any declarer,
          announce something higher (R6.2).
        </Rule>
        <Rule id="R5.2">
          <strong>
            <G>Haferl</G>
          </strong>
          , the pot
          <DefaultMark lang="en" of="allPass" is="pot" />: everyone pays the pot stake into the pot (a table option,{' '}
          <Default lang="en" of="potStake" /> by default), and the next dealer deals again. The pot is like a fourth account. Doubles, <G>Kontra</G>{' '}
          and <G>Re</G> never multiply the pot stake. A redeal is not a game of the series: the game number stays, only the dealer moves on. Who wins
          the pot is set by the table option “Who wins the pot”:
          <ul>
            <li>
              <strong>the next declarer who wins a game</strong>
              <DefaultMark lang="en" of="potTo" is="declarer" />: takes the whole pot; a lost game leaves it there for later.
            </li>
            <li>
              <strong>the winners of the next game</strong> (“for the winner of the next game”)
              <DefaultMark lang="en" of="potTo" is="winners" />: the next game played decides it. A declarer who wins takes the whole pot; a declarer
              who loses leaves it to the two defenders, who share it equally, and a unit that cannot be split stays in the pot.
            </li>
          </ul>
        </Rule>
        <Rule id="R5.3">
          When the series ends with something in the pot, it is paid back to the three players in equal shares; a remainder that cannot be split in
          three stays in the pot. The final balances show it.
        </Rule>
        <Rule id="R5.4">
          A table redeals only so many times in a row for one game number (table option “Redeals in a row at most”, 1 to {OPTION_LIMITS.maxRedeals},{' '}
          <Default lang="en" of="maxRedeals" /> by default). When everybody passes after the last of them, the game is played as R5.1’s forced game.
        </Rule>
      </ul>
    </Section>

    <Section id="r6" title="R6 Stock, discard and contract">
      <ul>
        <Rule id="R6.1">
          The declarer takes the 2 cards of the <G>Stock</G> (now holding 12) and puts any 2 away face down (<G>Drücken</G>, discarding). Discarded
          cards belong to no trick, and nobody else sees them until the game is over (R10.3).
        </Rule>
        <Rule id="R6.2">
          Then the declarer announces the contract: the winning bid, a higher number (up to 9, or 10 with “Ten-trick bid”), <G>Bettel</G> or{' '}
          <G>Mord</G>. It may never be lower than the bid. Having bid 7, you may play 7, 8, 9, <G>Bettel</G> or <G>Mord</G>; having bid <G>Bettel</G>,
          only <G>Bettel</G> or <G>Mord</G>.
        </Rule>
        <Rule id="R6.3">
          The numbers are games with a trump suit (R7.2); <G>Bettel</G> and <G>Mord</G> have no trumps.
        </Rule>
      </ul>
    </Section>

    <Section id="r7" title="R7 Play">
      <ul>
        <Rule id="R7.1">The declarer always leads to the first trick, wherever they sit.</Rule>
        <Rule id="R7.2">
          In a numbered game the trump suit is fixed with the declarer's first card, for the whole game. A trump beats any card of another suit. How,
          the table option “Trump suit” says: with “the suit of the first card”
          <DefaultMark lang="en" of="trump" is="led" /> the suit of that first card is trump, so trumps are led to the first trick. With “named”
          <DefaultMark lang="en" of="trump" is="named" /> the declarer names any suit as trump while playing the first card, and the card need not be
          of that suit.
        </Rule>
        <Rule id="R7.3">
          <strong>
            <G>Farbzwang</G>
          </strong>{' '}
          (follow duty): if you hold a card of the suit led, you must play one.
        </Rule>
        <Rule id="R7.4">
          <strong>
            <G>Stichzwang</G>
          </strong>{' '}
          (win duty): when you follow suit you must go higher if you can, that is, play a card above the highest card of the led suit in the trick so
          far. But if a trump already lies in the trick (and the led suit is not trump), no card of the led suit can win it any more, so any card of
          that suit will do.
        </Rule>
        <Rule id="R7.5">
          <strong>
            <G>Trumpfzwang</G>
          </strong>{' '}
          (trump duty): if you cannot follow suit but hold a trump, you must trump. If a trump already lies in the trick, you must overtrump if you
          can, otherwise play any trump.
        </Rule>
        <Rule id="R7.6">Only if you can neither follow suit nor trump may you play any card.</Rule>
        <Rule id="R7.7">The trick goes to the highest trump in it, otherwise to the highest card of the suit led. The winner leads next.</Rule>
        <Rule id="R7.8">
          Follow duty and win duty apply in every game, <G>Bettel</G> and <G>Mord</G> included (there is no trump duty there, as there are no trumps).
          With the table option “Win duty in Bettel” off, win duty does not apply in <G>Bettel</G>: whoever follows suit may play low.
        </Rule>
        <Rule id="R7.9">
          <G>Bettel</G> is lost and over at once when the declarer takes a trick; <G>Mord</G>, when a defender takes a trick. A numbered game is
          always played to the tenth trick, because every trick counts.
        </Rule>
        <Rule id="R7.10">
          Everyone may look at the last completed trick. With the table option “Tricks you can look at: every trick”, all tricks of the game stay
          visible. With “the other side’s last trick only”, the trick just completed stays on the table for everyone until the next card is played;
          after that the declarer may look only at the last trick the defenders took, and each defender only at the declarer’s last trick. Spectators
          see what a defender sees.
        </Rule>
        <Rule id="R7.11">
          <strong>
            <G>Klopfen</G>
          </strong>{' '}
          (knocking; a table option, <Default lang="en" of="knock" /> by default): a defender who does not follow suit (trumping or throwing off) and
          plays their last card of a suit may knock; everyone sees it. So the partner knows that suit is gone. Nobody knocks when leading, and the
          declarer never knocks.
        </Rule>
        <Rule id="R7.12">
          <strong>Claiming the rest</strong> (a table option, <Default lang="en" of="claims" /> by default): during play anyone may claim the rest of
          the game, in turn or not: the declarer that it takes every remaining trick (in <G>Bettel</G>: no more trick), a defender that the declarer
          takes no more trick (in <G>Mord</G>: that the defenders take one). A claim counts only when it is sure however everyone plays their cards
          legally and however the cards the claimer cannot see lie; then the game ends at once and is settled as if played out so. Otherwise nothing
          changes.
        </Rule>
      </ul>
      <p class="rules-example">
        <strong>Example:</strong> <G>Herz</G> is trump and the <G>Schellen-König</G> is led. You hold the <G>Schellen-Sau</G> and the{' '}
        <G>Schellen-Ober</G>: you must play the <G>Sau</G> (win duty). If the player before you has already trumped with a <G>Herz</G>, you may play
        the <G>Ober</G> instead. With no <G>Schellen</G> but some <G>Herz</G>, you must trump, and beat a <G>Herz</G> already in the trick if you can.
      </p>
    </Section>

    <Section id="r8" title="R8 Kontra and Re">
      <ul>
        <Rule id="R8.1">
          From the moment the contract is announced until the first trick is complete, a defender may say <G>Kontra</G>: once per game for both
          defenders together. In practice it is said with or before the defender's own card to the first trick, as each defender has a turn in that
          trick.
        </Rule>
        <Rule id="R8.2">
          After a <G>Kontra</G>, play pauses: it is the declarer's turn to say <G>Re</G> or no <G>Re</G>, and only then does play go on. <G>Re</G> is
          possible only in that turn. (A declarer who must answer in their own turn cannot miss the chance, which matters when moves are days apart.)
        </Rule>
        <Rule id="R8.3">
          <G>Kontra</G> and <G>Re</G> each double every payment of the game, just like a double.
        </Rule>
      </ul>
      <OptionNote label="Table option “Kontra and Re”">
        <Default lang="en" of="kontra" /> by default; off means neither.
      </OptionNote>
    </Section>

    <Section id="r9" title="R9 Settlement">
      <p>
        The <strong>multiplier</strong> m is 2 to the power of (doubles + <G>Kontra</G> + <G>Re</G>): 1 with none of them, then 2, 4, 8 … up to 32
        (three doubles, <G>Kontra</G> and <G>Re</G>). From the table options: s = stake per trick (<Default lang="en" of="stakePerTrick" /> by
        default), f = tariff for <G>Bettel</G> and <G>Mord</G> (<Default lang="en" of="flatTariff" /> by default).
      </p>
      <ul>
        <Rule id="R9.1">
          Numbered contract c, the declarer took t tricks. Won (t at least c): each defender pays the declarer s · t · m, so every trick above the
          contract counts. Lost (t below c): the declarer pays each defender s · c · m, reckoned with the contract.
        </Rule>
        <Rule id="R9.2">
          <G>Bettel</G> won (no trick) or <G>Mord</G> won (all 10 tricks): each defender pays the declarer f · m. Lost: the declarer pays each
          defender f · m.
        </Rule>
        <Rule id="R9.3">With the pot (R5.2), the game also moves the pot as the table option “Who wins the pot” says (R5.2, R5.3).</Rule>
        <Rule id="R9.4">Money only changes hands: the three balances and the pot always add up to 0.</Rule>
      </ul>
    </Section>

    <Section id="r10" title="R10 The record of a game">
      <ul>
        <Rule id="R10.1">
          Every game is written down in full: options, dealer, all cards and the stock, every move in order, the contract, trump, tricks and
          settlement. Replaying it gives exactly the same result.
        </Rule>
        <Rule id="R10.2">
          While a game runs, each player sees only: their own cards, the cards played to tricks (R7.10), everything said aloud (doubles, bids,
          contract, <G>Kontra</G> and <G>Re</G>, knocks), and how many cards each player holds. Only the declarer, after taking it up, sees the stock
          and their own discards. Spectators see only what everybody sees.
        </Rule>
        <Rule id="R10.3">
          When the game is over, its whole record (all hands, the stock and the discards) may be shown to the players and the spectators.
        </Rule>
      </ul>
    </Section>

    <Section id="rules-options" title="The table options">
      <p>
        Whoever creates a table chooses these rules for the whole series; anything not chosen keeps its default. The code in the first column is the
        option's name in the programming interface.
      </p>
      <OptionsTable lang="en" />
    </Section>

    <Section id="rules-example" title="A settlement, worked out">
      <p>
        Stake per trick 1. During the deal one player doubles (×2). <G>Vorhand</G> wins the auction with 7, takes up the stock, discards and announces
        7. A defender says <G>Kontra</G> (×2); the declarer says no <G>Re</G>. So the multiplier is m = 2<sup>1 + 1</sup> = 4. The declarer takes 8
        tricks: won, and every trick counts. Each defender pays 1 · 8 · 4 = 32.
      </p>
      <ExampleTable lang="en" />
      <ul>
        <li>
          With only 6 tricks the game is lost: the declarer pays each defender 1 · 7 · 4 = 28 (the 7 announced, not the 6 taken), so −56 for the
          declarer and +28 for each defender.
        </li>
        <li>
          With a <G>Re</G> as well, m = 8: each defender pays 1 · 8 · 8 = 64.
        </li>
        <li>With 3 in the pot, the declarer takes that too: +67 instead of +64, and the pot is empty.</li>
        <li>
          A won <G>Bettel</G> with the same double and <G>Kontra</G> brings 10 · 4 = 40 from each defender.
        </li>
      </ul>
    </Section>
  </article>
);

/** The rules of Wallachen explained for players, in `lang`. Headings carry the rule ids (R1 … R10) so players and the code speak of the same rules. */
export default function RulesPage(props: { lang: Language }): JSX.Element {
  return props.lang === 'de' ? <German /> : <English />;
}
