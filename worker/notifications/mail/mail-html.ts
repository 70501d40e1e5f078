/**
 * The HTML alternative of a mail (API.md "Mail", The turn mail is the table), written from the
 * same parts as its text (mail-parts.ts, texts.ts partsText), with the same words
 * (picture-words.ts): the lines before the table, the table in each of the mail's languages,
 * the lines after it and the footer. The hand, the trick and the stock are drawn as cards
 * (white faces with a border, as real cards are, so they read on a light page and a dark
 * one); each move the seat may make is a `mailto:` link to the mail's `Reply-To` with the
 * move as its body (RFC 6068), so that a tap opens a reply ready to send.
 *
 * Plain HTML that mail programs render: tables for layout, every style inline (Gmail and
 * Outlook drop or rewrite a `<style>`), no script, no form, no image, no web font, nothing
 * fetched. No colour is set for the page or its text, so a mail program's dark mode keeps
 * them readable; what has a colour (a card, a move's button) sets its background too.
 * Everything from outside (names, the table's name, chat) is escaped, and names stand in
 * `<bdi>` (keeping texts.ts's isolates), so a name written right to left cannot turn a line
 * around. The only links besides the moves are the ones the lines carry (the seat's link,
 * the unsubscribe link), which show a page when fetched and never act (routes/mail.ts).
 */
import type { CardCode, Rank, Suit } from '../../../shared/cards.js';
import type { MailLanguage } from '../../model/table.js';
import type { MailParts } from './mail-parts.js';
import { contractLine, nameIn, writtenMoves, type WrittenMove } from './picture-text.js';
import { bySuit, PICTURE_WORDS, type PictureWords } from './picture-words.js';
import type { TablePicture } from './table-picture.js';

/** What only the HTML part says: how its links work. */
interface HtmlWords {
  /** Above the moves when they are links. */
  readonly tapMove: string;
  /**
   * The discard's link: its body is the word alone, the two cards follow it (`drücke GA SK`,
   * `discard GA SK`, as move-text.ts reads them), which the player adds.
   */
  readonly discardWord: string;
  /** Beside the discard's link. */
  readonly discardLink: (word: string) => string;
}

const HTML_WORDS: Readonly<Record<MailLanguage, HtmlWords>> = {
  de: {
    tapMove: 'Tipp auf einen Zug: dein Mailprogramm öffnet eine Antwort damit, fertig zum Senden.',
    discardWord: 'drücke',
    discardLink: (word) => `Der Link öffnet eine Antwort mit „${word}“: schreib die zwei Karten dahinter, die du drücken willst.`,
  },
  en: {
    tapMove: 'Tap a move: your mail program opens a reply with it, ready to send.',
    discardWord: 'discard',
    discardLink: (word) => `The link opens a reply saying "${word}": add the two cards you discard after it.`,
  },
};

// ---------------------------------------------------------------- escaping and the lines

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML text or an attribute's value (double-quoted). */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** A URL in a line of ours (the seat's link, the unsubscribe link); punctuation after it is the sentence's. */
const URL_PATTERN = /https?:\/\/[^\s<>"\u2068\u2069]+/gu;
const TRAILING = /[.,;:!?)\]}'"»“”]+$/u;

/** Text outside a name: escaped, its URLs links. */
function withLinks(text: string): string {
  let html = '';
  let at = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(TRAILING, '');
    // A long link breaks anywhere rather than widen a phone's page.
    html += escapeHtml(text.slice(at, match.index)) + `<a href="${escapeHtml(url)}" style="word-break:break-all">${escapeHtml(url)}</a>`;
    at = match.index + url.length;
  }
  return html + escapeHtml(text.slice(at));
}

/**
 * One line of text as HTML: what stands between U+2068 and U+2069 (a name or a chat message,
 * texts.ts isolated) in `<bdi>`, the isolates kept inside it for a mail program that drops
 * the element, and never made a link (a name that looks like a URL stays text); URLs outside
 * become links; leading spaces (an indented line) stay.
 */
export function lineHtml(line: string): string {
  const indent = /^ */.exec(line)![0].length;
  const rest = line.slice(indent).trimEnd();
  let html = '&nbsp;'.repeat(indent);
  let at = 0;
  while (at < rest.length) {
    const open = rest.indexOf('\u2068', at);
    if (open === -1) {
      html += withLinks(rest.slice(at));
      break;
    }
    const close = rest.indexOf('\u2069', open);
    const end = close === -1 ? rest.length : close + 1;
    html += withLinks(rest.slice(at, open)) + `<bdi>${escapeHtml(rest.slice(open, end))}</bdi>`;
    at = end;
  }
  return html;
}

const P = 'margin:0 0 12px';

/** Lines as paragraphs: an empty line ends one, the others are broken where the text breaks them. */
function paragraphs(lines: readonly string[], style = P): string {
  const blocks: string[][] = [[]];
  for (const line of lines) {
    if (line.trim() === '') blocks.push([]);
    else blocks.at(-1)!.push(line);
  }
  return blocks
    .filter((block) => block.length > 0)
    .map((block) => `<p style="${style}">${block.map(lineHtml).join('<br>\n')}</p>\n`)
    .join('');
}

// ---------------------------------------------------------------- cards

/** The suits' ink on the white card face, as the web app draws Bavarian cards (web/src/cards/suits.tsx). */
const INK: Record<Suit, string> = { E: '#6b3f14', G: '#23722a', H: '#c81e1e', S: '#a85d00' };
const MOVE_GREEN = '#1f5c3a';

const FACE =
  'width:46px;padding:4px 2px;border-radius:6px;background-color:#ffffff;text-align:center;vertical-align:top;font-family:Arial,Helvetica,sans-serif';
const faceStyle = (suit: Suit, border: string): string => `${FACE};border:${border};color:${INK[suit]}`;
const PLAIN_BORDER = '1px solid #8c8c8c';
const LINK_BORDER = `2px solid ${MOVE_GREEN}`;

/** A card's face: its rank large, its suit's name small, in the suit's ink. */
function faceHtml(card: CardCode, words: PictureWords): string {
  const suit = card[0] as Suit;
  const rank = card.slice(1) as Rank;
  return `<strong style="font-size:20px;line-height:24px">${rank}</strong><br><span style="font-size:10px;line-height:14px">${escapeHtml(words.suits[suit])}</span>`;
}

const TABLE = 'border-collapse:separate;border-spacing:4px;margin:0 0 8px -4px';

/** A row of cards as table cells; `above`: a line over each card (who played it). */
function cardsTable(cards: readonly CardCode[], words: PictureWords, above?: readonly string[]): string {
  const cells = cards.map((card) => `<td style="${faceStyle(card[0] as Suit, PLAIN_BORDER)}">${faceHtml(card, words)}</td>`);
  const names =
    above === undefined
      ? ''
      : `<tr>\n${above.map((name) => `<td style="width:50px;font-size:12px;line-height:16px;text-align:center;vertical-align:bottom">${lineHtml(name)}</td>`).join('\n')}\n</tr>\n`;
  return `<table role="presentation" style="${TABLE}"><tbody>\n${names}<tr>\n${cells.join('\n')}\n</tr>\n</tbody></table>\n`;
}

/** The hand: a row of cards per suit, in the hand's order. */
function handTable(hand: readonly CardCode[], words: PictureWords): string {
  const rows = bySuit(hand).map(
    ({ cards }) =>
      `<tr>\n${cards.map((card) => `<td style="${faceStyle(card[0] as Suit, PLAIN_BORDER)}">${faceHtml(card, words)}</td>`).join('\n')}\n</tr>`,
  );
  return `<table role="presentation" style="${TABLE}"><tbody>\n${rows.join('\n')}\n</tbody></table>\n`;
}

// ---------------------------------------------------------------- the moves

/**
 * RFC 6068: `mailto:` the address, `?body=` the move; `subject` too when given. The address
 * keeps `@` and `+` as they are and has everything else that is not plain percent-encoded;
 * the fields are percent-encoded UTF-8 (a space is %20, never `+`).
 */
export function mailtoLink(address: string, body: string, subject?: string): string {
  const to = encodeURIComponent(address).replace(/%40/g, '@').replace(/%2B/g, '+');
  const fields = [...(subject === undefined ? [] : [`subject=${encodeURIComponent(subject)}`]), `body=${encodeURIComponent(body)}`];
  return `mailto:${to}?${fields.join('&')}`;
}

const BUTTON = `display:inline-block;margin:0 6px 8px 0;padding:8px 14px;border-radius:6px;background-color:${MOVE_GREEN};color:#ffffff;font-weight:bold;text-decoration:none`;
const CARD_LINK = 'display:inline-block;margin:0 6px 8px 0;text-decoration:none';

/** How the moves are written: links (`href` of a body), or text only when the mail has no reply address. */
type Linker = ((body: string) => string) | null;

/** A move's button: its text as a reply writes it; a link when the mail can be answered. */
function button(text: string, body: string, link: Linker): string {
  return link === null
    ? `<span style="display:inline-block;margin:0 10px 8px 0;font-weight:bold">${escapeHtml(text)}</span>`
    : `<a href="${escapeHtml(link(body))}" style="${BUTTON}">${escapeHtml(text)}</a>`;
}

/** A card to play: its face, as a link (a green border says it can be tapped) or as a card. */
function cardButton(card: CardCode, body: string, words: PictureWords, link: Linker): string {
  const suit = card[0] as Suit;
  if (link === null) return `<span style="display:inline-block;margin:0 6px 8px 0;${faceStyle(suit, PLAIN_BORDER)}">${faceHtml(card, words)}</span>`;
  return `<a href="${escapeHtml(link(body))}" style="${CARD_LINK};${faceStyle(suit, LINK_BORDER)}">${faceHtml(card, words)}</a>`;
}

/**
 * The moves in the text part's order: the cards to play (a row of faces), the trump-naming
 * cards (a row per suit named, R7.2), then every other move as a button with its reply text
 * (a knock, a bid, pass, kontra, claim …); the discard's link carries its word alone.
 */
function movesHtml(picture: TablePicture, lang: MailLanguage, words: PictureWords, link: Linker): string {
  const written = writtenMoves(picture, lang);
  const isNaming = ({ move }: WrittenMove) => move.type === 'play' && move.trump !== undefined && move.knock !== true;
  const isCard = ({ move }: WrittenMove) => move.type === 'play' && move.trump === undefined && move.knock !== true;
  const cardOf = ({ move }: WrittenMove) => (move as { readonly card: CardCode }).card;
  const blocks: string[] = [];
  const naming = written.filter(isNaming);
  if (naming.length > 0) {
    // The example of the text part: the first card, naming its own suit.
    const first = cardOf(naming[0]!);
    const example = naming.find((entry) => cardOf(entry) === first && (entry.move as { trump?: Suit }).trump === first[0]) ?? naming[0]!;
    blocks.push(paragraphs([words.namingTrump(example.text)], 'margin:0 0 8px'));
    const suits = [...new Set(naming.map(({ move }) => (move as { readonly trump: Suit }).trump))];
    for (const suit of suits) {
      const row = naming.filter(({ move }) => (move as { readonly trump: Suit }).trump === suit);
      blocks.push(
        `<p style="margin:0 0 4px">${escapeHtml(words.trump(words.suits[suit]))}:</p>\n<div>\n` +
          `${row.map((entry) => cardButton(cardOf(entry), entry.text, words, link)).join('\n')}\n</div>\n`,
      );
    }
  }
  const cards = written.filter(isCard);
  if (cards.length > 0) blocks.push(`<div>\n${cards.map((entry) => cardButton(cardOf(entry), entry.text, words, link)).join('\n')}\n</div>\n`);
  const buttons: string[] = [];
  for (const entry of written) {
    if (isNaming(entry) || isCard(entry)) continue;
    if (entry.move.type !== 'discard') {
      buttons.push(button(entry.text, entry.text, link));
      continue;
    }
    if (link === null) {
      blocks.push(paragraphs([words.discardTwo(entry.text)], 'margin:0 0 8px'));
      continue;
    }
    const word = HTML_WORDS[lang].discardWord;
    blocks.push(paragraphs([`${words.discardTwo(entry.text)}. ${HTML_WORDS[lang].discardLink(word)}`], 'margin:0 0 8px'));
    blocks.push(`<div>\n${button(word, word, link)}\n</div>\n`);
  }
  if (buttons.length > 0) blocks.push(`<div>\n${buttons.join('\n')}\n</div>\n`);
  return blocks.join('');
}

// ---------------------------------------------------------------- the picture

const H2 = 'margin:24px 0 8px;font-size:18px;line-height:24px';
const H3 = 'margin:16px 0 6px;font-size:15px;line-height:20px';
const SMALL = 'margin:0 0 12px;font-size:13px;line-height:18px';

/** The table in one language, in the order of the text part (picture-text.ts pictureLines). */
function pictureHtml(picture: TablePicture, lang: MailLanguage, link: Linker): string {
  const words = PICTURE_WORDS[lang];
  const name = nameIn(picture, words);
  let html = `<h2 style="${H2}">${escapeHtml(words.phase[picture.phase])}</h2>\n`;
  const contract = contractLine(picture, words);
  if (contract !== null) html += paragraphs([contract]);
  if (picture.said.length > 0)
    html += `<p style="${P}"><strong>${escapeHtml(words.said)}:</strong> ${picture.said
      .map((said) => lineHtml(words.happened({ kind: 'said', said }, name, picture.seat)))
      .join(';\n')}</p>\n`;
  if (picture.since.length > 0)
    html +=
      `<h3 style="${H3}">${escapeHtml(words.since)}</h3>\n<ul style="margin:0 0 12px;padding-left:20px">\n` +
      picture.since.map((event) => `<li>${lineHtml(words.happened(event, name, picture.seat))}</li>`).join('\n') +
      '\n</ul>\n';
  if (picture.phase === 'play') {
    const trick = picture.tricks.reduce((a, b) => a + b, 0) + 1;
    html += `<h3 style="${H3}">${escapeHtml(words.onTable(trick))}</h3>\n`;
    html +=
      picture.trick.length === 0
        ? paragraphs([words.tableEmpty])
        : cardsTable(
            picture.trick.map(({ card }) => card),
            words,
            picture.trick.map(({ seat }) => name(seat)),
          );
    html += paragraphs([`${words.tricksTaken}: ${picture.tricks.map((n, seat) => `${name(seat)} ${n}`).join(', ')}`]);
  }
  html += `<h3 style="${H3}">${escapeHtml(words.yourCards)}</h3>\n${handTable(picture.hand, words)}`;
  if (picture.stock !== null && picture.stock.length > 0 && picture.phase === 'discard')
    html += `<h3 style="${H3}">${escapeHtml(words.stock)}</h3>\n${cardsTable(picture.stock, words)}`;
  html += paragraphs([words.legend], SMALL);
  if (picture.moves.length > 0) {
    html += `<h3 style="${H3}">${escapeHtml(words.yourMove)}</h3>\n`;
    if (link !== null) html += paragraphs([HTML_WORDS[lang].tapMove]);
    html += movesHtml(picture, lang, words, link);
  }
  return html;
}

// ---------------------------------------------------------------- the document

const BODY = 'margin:0;padding:0';
const PAGE = 'max-width:640px;margin:0 auto;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:24px';
const FOOTER = 'margin:0 0 8px;font-size:13px;line-height:18px';

/**
 * The HTML part of a mail written from `parts`: a whole document in the mail's language
 * (German, then English without one, as the text part). `replyTo`: the mail's `Reply-To`,
 * to which each move is a `mailto:` link; null: the moves are listed as text. `subject`:
 * the mail's subject, which the links' replies carry as "Re: …" (none without it).
 */
export function mailHtml(parts: MailParts, replyTo: string | null, subject?: string): string {
  const languages: readonly MailLanguage[] = parts.lang === undefined ? ['de', 'en'] : [parts.lang];
  const replySubject = subject === undefined ? undefined : `Re: ${subject}`;
  const link: Linker = replyTo === null ? null : (body) => mailtoLink(replyTo, body, replySubject);
  const picture = parts.picture;
  const table =
    picture === null
      ? ''
      : languages.map((lang) => `<div lang="${lang}" style="margin:0 0 16px">\n${pictureHtml(picture, lang, link)}</div>\n`).join('');
  return (
    `<!DOCTYPE html>\n<html lang="${languages[0]}" dir="ltr">\n<head>\n<meta charset="utf-8">\n` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
    // Light and dark: the mail program picks (Apple Mail reads both names); no colour of ours fights it.
    '<meta name="color-scheme" content="light dark">\n<meta name="supported-color-schemes" content="light dark">\n' +
    `<title>Wallachen</title>\n</head>\n<body style="${BODY}">\n<div style="${PAGE}">\n` +
    paragraphs(parts.before) +
    table +
    paragraphs(parts.after) +
    `<hr style="margin:24px 0 12px;border:0;border-top:1px solid #8c8c8c">\n` +
    paragraphs(parts.footer, FOOTER) +
    '</div>\n</body>\n</html>\n'
  );
}
