/**
 * The answer to a move by reply (API.md "Mail", Moves by reply): what was played, or why
 * not (the rule, R…), and the seat's link; in the seat's language, with the footer of every
 * mail. It goes to the seat's own address only, so it may name the seat's own move, its card
 * included (R10.2); never anything else of the game.
 */
import type { MailLanguage } from '../../model/table.js';
import type { CardCode } from '../../../shared/cards.js';
import { replyText, type MoveByText } from '../../../shared/move-name.js';
import { ruleLine } from './rule-words.js';
import type { MailParts } from './mail-parts.js';
import type { TablePicture } from './table-picture.js';
import { inLanguage, isolated, oneLine, partsText, quotedName, unsubscribeLines, type Mail } from './texts.js';

/** What became of a reply: its move was played, or not, and why (a rule's refusal starts with its id, "R7.3: …"). */
export type ReplyAnswer =
  /** `line`: the reply's line the move was read from (the seat's own words, quoted back to it only). */
  | { readonly kind: 'played'; readonly move: MoveByText; readonly line?: string | null }
  /** `line`: the reply's line that was read, when it is no move (the seat's own words, quoted back to it only). */
  | {
      readonly kind: 'refused';
      readonly move: MoveByText | null;
      readonly line?: string | null;
      /** Why, in English, as the API says it (the engine's refusal starts with its rule: "R7.3: …"). */
      readonly reason: string;
      /** Why, for an answer in German (absent in answers held before it was kept: the English reason then). */
      readonly why?: RefusalWhy;
    }
  /** The mail's reply address acted before: a reply to it acts no more. */
  | { readonly kind: 'used' };

export function replyAnswerMail(
  answer: ReplyAnswer,
  facts: { readonly tableName: string; readonly seatName: string; readonly picture: TablePicture | null },
  link: string | null,
  options: { readonly lang?: MailLanguage | undefined; readonly unsubscribe: string; readonly replyable?: boolean },
): Mail {
  const { lang, unsubscribe, replyable = false } = options;
  const table = oneLine(facts.tableName);
  const seat = isolated(facts.seatName, 40);
  const de: string[] = [`Hallo ${seat},`, ''];
  const en: string[] = [`Hello ${seat},`, ''];
  let subject: { de: string; en: string };
  switch (answer.kind) {
    case 'played': {
      const move = { de: replyText(answer.move, 'de'), en: replyText(answer.move, 'en') };
      subject = { de: `Wallachen: ${move.de} gespielt am Tisch ${table}`, en: `Wallachen: ${move.en} played at ${table}` };
      const read = (lang: MailLanguage): string => (answer.line && !sameWords(answer.line, move[lang]) ? ` ${quotedName(answer.line, lang)}` : '');
      de.push(`deine Antwort${read('de')} ist am Tisch ${quotedName(facts.tableName, 'de')} gespielt: ${move.de}.`);
      en.push(`your reply${read('en')} was played at the table ${quotedName(facts.tableName, 'en')}: ${move.en}.`);
      break;
    }
    case 'refused': {
      subject = { de: `Wallachen: nicht gespielt am Tisch ${table}`, en: `Wallachen: not played at ${table}` };
      const what = (lang: MailLanguage): string =>
        (answer.line ? ` ${quotedName(answer.line, lang)}` : '') + movePart(answer.move, answer.line, lang);
      de.push(`deine Antwort${what('de')} ist am Tisch ${quotedName(facts.tableName, 'de')} nicht gespielt worden:`);
      en.push(`your reply${what('en')} was not played at the table ${quotedName(facts.tableName, 'en')}:`);
      // One line, whatever it holds: in English the engine's reason, as every answer of the API; in German the rule's own words.
      de.push(`  ${oneLine(answer.why === undefined ? answer.reason : germanWhy(answer.why, answer.reason), 400)}`);
      en.push(`  ${oneLine(answer.reason, 300)}`);
      break;
    }
    case 'used':
      subject = { de: `Wallachen: Antwort schon verwendet am Tisch ${table}`, en: `Wallachen: reply already used at ${table}` };
      de.push(
        `auf diese Mail ist schon geantwortet worden; eine Antwort zieht nur einmal. Antworte auf die neueste Mail des Tisches ${quotedName(facts.tableName, 'de')}, oder ziehe über den Link.`,
      );
      en.push(
        `this mail was replied to before; a reply moves once only. Reply to the newest mail of the table ${quotedName(facts.tableName, 'en')}, or move by the link.`,
      );
      break;
  }
  if (facts.picture === null && replyable) {
    de.push('', 'Du bist am Zug: antworte auf diese Mail, dein Zug in die erste Zeile.');
    en.push('', 'It is your move: reply to this mail with your move on the first line.');
  }
  // The move owed now, shown as the turn mail shows it (partsText), between what became of the reply and the link.
  const before = inLanguage(lang, de.splice(0), en.splice(0));
  if (link !== null) {
    de.push('', `Zum Tisch: ${link}`);
    en.push('', `To the table: ${link}`);
  } else {
    de.push('', 'Öffne den Link deines Platzes, den du beim Anlegen des Tisches bekommen hast.');
    en.push('', 'Open the link of your seat that you were given when the table was created.');
  }
  const footer = [
    ...inLanguage(lang, ['Der Link ist geheim: wer ihn hat, spielt deinen Platz.'], ['The link is secret: whoever holds it plays your seat.']),
    ...unsubscribeLines(lang, unsubscribe),
  ];
  const parts: MailParts = { lang, before, picture: facts.picture, after: inLanguage(lang, de, en), footer };
  return {
    subject: lang === undefined ? `${subject.de} / ${subject.en.replace(/^Wallachen: /, '')}` : subject[lang],
    text: partsText(parts, replyable),
    parts,
  };
}

/** Whether the line read says the move in the words the mail names it with ("HK" and "hk."): then it is quoted once. */
const sameWords = (line: string, move: string): boolean =>
  line
    .trim()
    .replace(/[.!]+$/, '')
    .toLowerCase() === move.toLowerCase();

/** The move read, after the quoted line, when the line does not say it in the mail's own words: ` (HK)`. */
const movePart = (move: MoveByText | null, line: string | null | undefined, lang: MailLanguage): string => {
  if (move === null) return '';
  const named = replyText(move, lang);
  return line && sameWords(line, named) ? '' : ` (${named})`;
};

/** Why a reply was refused, as a German answer says it (reply-requests.ts makes it beside the English reason). */
export type RefusalWhy =
  | { readonly kind: 'unreadable' | 'bot' | 'stale' }
  /** `rule`: the rule's id the engine named (null: none); `naming`: a lead that had to name trump (R7.2); `recordedClaim`: R7.12's refusal, recorded. */
  | { readonly kind: 'rule'; readonly rule: string | null; readonly naming?: CardCode; readonly recordedClaim?: true };

/** The longest a rule's text runs in an answer; a longer one is cut at a word. */
const RULE_CHARS = 280;

function germanWhy(why: RefusalWhy, english: string): string {
  switch (why.kind) {
    case 'unreadable':
      return 'Die Zeile ist kein eindeutiger Zug. Schreib den Zug allein in eine Zeile über dem Zitat: eine Karte (HK, Herz König), weiter, halte, 7, doppeln, nicht doppeln, GA SK drücken, 8 ansagen, kontra, re, kein re oder Rest.';
    case 'bot':
      return 'Ein Bot spielt diesen Platz jetzt.';
    case 'stale':
      return 'Der Tisch ist weiter, seit diese Mail geschrieben wurde: Es wurde nichts gespielt. Öffne den Tisch, um zu sehen, wo er steht, oder antworte auf seine neueste Mail.';
    case 'rule': {
      const text = why.rule === null ? null : ruleLine(why.rule, 'de');
      const rule = why.rule === null ? english : `Nicht erlaubt nach Regel ${why.rule}${text === null ? '' : `: ${cut(text)}`}`;
      const naming = why.naming === undefined ? '' : ` Per Antwort: die Karte und die Farbe, z. B. „${why.naming} Trumpf H“.`;
      const claim =
        why.recordedClaim === true
          ? ' Alle sehen, dass du den Rest beansprucht hast und abgelehnt wurdest; du kannst ab dem nächsten Stich wieder beanspruchen.'
          : '';
      return rule + naming + claim;
    }
  }
}

const cut = (text: string): string => (text.length <= RULE_CHARS ? text : `${text.slice(0, text.lastIndexOf(' ', RULE_CHARS - 1))} …`);
