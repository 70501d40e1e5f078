/**
 * Replies to a turn mail as mail programs write them (API.md "Mail", Moves by reply; issue 38):
 * built by nodemailer's MailComposer in the shapes of Gmail, Outlook, Apple Mail and
 * Thunderbird — their attribution lines (wrapped, as Gmail wraps them), quotes (`> `,
 * `<blockquote type="cite">`, `gmail_quote`, `moz-cite-prefix`), Outlook's unquoted original
 * under its header block, signatures — plain, HTML-only and multipart/alternative, in
 * quoted-printable and base64, top- and bottom-posted, German and English, and parsed from
 * their raw bytes by the mail parser Worker's own code (worker/mail-parser/parse-reply.ts).
 * nodemailer needs Node: these run in the engine project; test/worker/mail-replies.test.ts
 * delivers replies through the Worker's email handler in workerd.
 */
import MailComposer from 'nodemailer/lib/mail-composer';
import { describe, expect, it } from 'vitest';
import { replyText, type MoveByText } from '../../shared/move-name.js';
import { parseReply } from '../../worker/mail-parser/parse-reply.js';

type Lang = 'de' | 'en';
type Program = 'gmail' | 'outlook' | 'outlook-desktop' | 'apple' | 'thunderbird';
type Format = 'plain' | 'html' | 'alternative';
type Encoding = 'quoted-printable' | 'base64';

const PROGRAMS: readonly Program[] = ['gmail', 'outlook', 'outlook-desktop', 'apple', 'thunderbird'];
/** Outlook writes above the original only: it quotes no mail it could be written below. */
const BOTTOM_POSTING: readonly Program[] = ['gmail', 'apple', 'thunderbird'];

/** The turn mail replied to, as a seat gets it: it lists moves, each alone on a line, which must never be read from the quote. */
const TURN_MAIL: Record<Lang, readonly string[]> = {
  de: [
    'Hallo Vroni,',
    '',
    'am Tisch „Stammtisch“ bist du am Zug (Spiel 1).',
    'Gereizt: Sepp 7, Toni weiter.',
    'Deine Karten: Herz A K 10, Gras A 9, Schellen O 7',
    'Du kannst:',
    '  weiter',
    '  halte',
    '  8',
    '',
    'Du kannst auch auf diese Mail antworten: dein Zug in die erste Zeile.',
    'Bitte zieh bis 9. Dezember 2026, 20:00 UTC.',
    '',
    'Zum Tisch: https://wallachen.example/t/abcdefghijkmnpqr#s-GA-HK',
  ],
  en: [
    'Hello Vroni,',
    '',
    'it is your move at the table "Stammtisch" (game 1).',
    'Bids: Sepp bid 7, Toni pass.',
    'Your cards: hearts A K 10, leaves A 9, bells O 7',
    'You may:',
    '  pass',
    '  hold',
    '  bid 8',
    '',
    'You can also reply to this mail: your move on the first line.',
    'Please move by 9 December 2026, 20:00 UTC.',
    '',
    'To the table: https://wallachen.example/t/abcdefghijkmnpqr#s-GA-HK',
  ],
};

const FROM = 'vroni@example.org';
const SENDER = 'Wallachen <noreply@wallachen.example>';

const escaped = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const htmlLines = (lines: readonly string[]): string => lines.map((line) => (line === '' ? '<br>' : `<div>${escaped(line)}</div>`)).join('');
const quotedPlain = (lines: readonly string[]): string[] => lines.map((line) => (line === '' ? '>' : `> ${line}`));

/** What a program writes above a quote, in each language: as one line, and as Gmail wraps it in plain text. */
const ATTRIBUTION: Record<Program, Record<Lang, string>> = {
  gmail: {
    de: `Am Di., 8. Dez. 2026 um 20:00 Uhr schrieb ${SENDER}:`,
    en: `On Tue, Dec 8, 2026 at 8:00 PM ${SENDER} wrote:`,
  },
  outlook: { de: '', en: '' },
  'outlook-desktop': { de: '', en: '' },
  apple: {
    de: `Am 08.12.2026 um 20:00 schrieb ${SENDER}:`,
    en: `On 8. Dec 2026, at 20:00, ${SENDER} wrote:`,
  },
  thunderbird: { de: 'Am 08.12.26 um 20:00 schrieb Wallachen:', en: 'On 12/8/26 20:00, Wallachen wrote:' },
};

/** Outlook's header block above the original, which it does not quote. */
const OUTLOOK_HEADER: Record<Lang, readonly string[]> = {
  de: [`Von: ${SENDER}`, 'Gesendet: Dienstag, 8. Dezember 2026 20:00', `An: Vroni <${FROM}>`, 'Betreff: Wallachen: dein Zug am Tisch Stammtisch'],
  en: [`From: ${SENDER}`, 'Sent: Tuesday, December 8, 2026 8:00 PM', `To: Vroni <${FROM}>`, 'Subject: Wallachen: your move at Stammtisch'],
};

/** Each program's signature: with its separator or without, and a line that holds a move word ("pass auf"), which must never be read. */
const SIGNATURE: Record<Program, Record<Lang, readonly string[]>> = {
  gmail: { de: ['-- ', 'Vroni Huber', 'Pfiat di, pass auf di auf!'], en: ['-- ', 'Vroni Huber', 'Take care, and hold on!'] },
  outlook: { de: ['Viele Grüße', 'Vroni'], en: ['Best regards', 'Vroni'] },
  'outlook-desktop': { de: ['Viele Grüße', 'Vroni'], en: ['Best regards', 'Vroni'] },
  apple: { de: ['Von meinem iPhone gesendet'], en: ['Sent from my iPhone'] },
  thunderbird: {
    de: ['-- ', 'Vroni', 'Schafkopf jeden 2. Freitag, Wallachen jeden 7.'],
    en: ['-- ', 'Vroni', 'Cards every 2nd Friday, Wallachen every 7.'],
  },
};

interface Shape {
  readonly program: Program;
  readonly lang: Lang;
  /** The reply's own lines (a greeting, the move, …). */
  readonly own: readonly string[];
  readonly bottom?: boolean;
  readonly signature?: boolean;
}

/** The plain text part a program writes. */
function plainOf({ program, lang, own, bottom = false, signature = false }: Shape): string {
  const signed = signature ? ['', ...SIGNATURE[program][lang]] : [];
  const attribution = ATTRIBUTION[program][lang];
  switch (program) {
    case 'gmail': {
      // Gmail wraps its attribution before the address (en) or inside it (de), and bottom-posted keeps its signature above the quote.
      const wrapped = lang === 'en' ? attribution.replace(' Wallachen <', '\nWallachen <') : attribution.replace('<noreply', '<\nnoreply');
      const quote = [wrapped, '', ...quotedPlain(TURN_MAIL[lang])];
      return (bottom ? [...signed.slice(1), '', ...quote, '', ...own] : [...own, ...signed, '', ...quote]).join('\n');
    }
    case 'outlook':
      return [...own, ...signed, '', '________________________________', ...OUTLOOK_HEADER[lang], '', ...TURN_MAIL[lang]].join('\n');
    case 'outlook-desktop':
      return [...own, ...signed, '', '-----Original Message-----', ...OUTLOOK_HEADER[lang], '', ...TURN_MAIL[lang]].join('\n');
    case 'apple':
    case 'thunderbird': {
      const quote = [attribution, '', ...quotedPlain(TURN_MAIL[lang])];
      return (bottom ? [...quote, '', ...own, ...signed] : [...own, ...signed, '', ...quote]).join('\n');
    }
  }
}

/** The HTML part a program writes. */
function htmlOf({ program, lang, own, bottom = false, signature = false }: Shape): string {
  const mine = htmlLines(own);
  const sig = SIGNATURE[program][lang];
  const attribution = escaped(ATTRIBUTION[program][lang]);
  const original = htmlLines(TURN_MAIL[lang]);
  switch (program) {
    case 'gmail': {
      const signed = signature
        ? `<br clear="all"><div><br></div><span class="gmail_signature_prefix">-- </span><br><div dir="ltr" class="gmail_signature">${htmlLines(sig.slice(1))}</div>`
        : '';
      const quote = `<div class="gmail_quote gmail_quote_container"><div dir="ltr" class="gmail_attr">${attribution}<br></div><blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex;border-left:1px solid rgb(204,204,204);padding-left:1ex">${original}</blockquote></div>`;
      return bottom ? `<div dir="ltr">${signed}<br>${quote}<div>${mine}</div></div>` : `<div dir="ltr">${mine}${signed}</div><br>${quote}`;
    }
    case 'outlook': {
      const header = OUTLOOK_HEADER[lang].map((line) => line.replace(/^(\w+):/, '<b>$1:</b>')).join('<br>');
      return `<html><head><style type="text/css" style="display:none;"> P {margin-top:0;margin-bottom:0;} </style></head><body dir="ltr"><div class="elementToProof" style="font-family: Aptos, sans-serif; font-size: 12pt">${mine}</div>${
        signature ? `<div id="Signature">${htmlLines(sig)}</div>` : ''
      }<div id="appendonsend"></div><hr style="display:inline-block;width:98%" tabindex="-1"><div id="divRplyFwdMsg" dir="ltr"><font face="Calibri, sans-serif" style="font-size:11pt" color="#000000">${header}</font><div>&nbsp;</div></div><div>${original}</div></body></html>`;
    }
    case 'outlook-desktop': {
      const para = (line: string) => `<p class=MsoNormal>${escaped(line)}<o:p></o:p></p>`;
      const header = OUTLOOK_HEADER[lang].map((line) =>
        line.replace(/^(\w+): (.*)$/, (_, key: string, value: string) => `<b>${key}:</b> ${escaped(value)}`),
      );
      return `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><meta name=Generator content="Microsoft Word 15 (filtered medium)"><style><!-- p.MsoNormal {margin:0cm;} --></style></head><body lang=DE link="#0563C1"><div class=WordSection1>${own
        .map(para)
        .join(
          '',
        )}${signature ? sig.map(para).join('') : ''}<p class=MsoNormal><o:p>&nbsp;</o:p></p><div><div style='border:none;border-top:solid #E1E1E1 1.0pt;padding:3.0pt 0cm 0cm 0cm'><p class=MsoNormal>${header.join(
        '<br>',
      )}<o:p></o:p></p></div></div>${TURN_MAIL[lang].map(para).join('')}</div></body></html>`;
    }
    case 'apple': {
      const signed = signature ? `<div dir="ltr">${htmlLines(sig)}</div>` : '';
      const quote = `<div dir="ltr"><br><blockquote type="cite">${attribution}<br><br></blockquote></div><blockquote type="cite"><div dir="ltr">${original}</div></blockquote>`;
      return `<html><head><meta http-equiv="content-type" content="text/html; charset=utf-8"></head><body dir="auto">${
        bottom ? `${quote}<div dir="ltr">${mine}</div>${signed}` : `<div dir="ltr">${mine}</div>${signed}${quote}`
      }</body></html>`;
    }
    case 'thunderbird': {
      const signed = signature ? `<div class="moz-signature">${escaped(sig[0]!)}<br>${sig.slice(1).map(escaped).join('<br>')}</div>` : '';
      const quote = `<div class="moz-cite-prefix">${attribution}<br></div><blockquote type="cite" cite="mid:turn-1@wallachen.example">${original}</blockquote>`;
      const body = bottom ? `${quote}<p>${own.map(escaped).join('<br>')}</p>${signed}` : `<p>${own.map(escaped).join('<br>')}</p>${signed}${quote}`;
      return `<!DOCTYPE html><html><head><meta http-equiv="Content-Type" content="text/html; charset=UTF-8"></head><body>${body}</body></html>`;
    }
  }
}

/** The raw bytes of a reply in `shape`, built by MailComposer as the program would send it. */
async function rawReply(shape: Shape, format: Format, encoding: Encoding): Promise<Buffer> {
  const mail = new MailComposer({
    from: `Vroni Huber <${FROM}>`,
    to: 'moves+abcdefghijkmnpqr-abcdefghijkmnpqrstuvwxyz23@wallachen.example',
    subject: shape.lang === 'de' ? 'Re: Wallachen: dein Zug am Tisch Stammtisch' : 'Re: Wallachen: your move at Stammtisch',
    inReplyTo: '<turn-1@wallachen.example>',
    references: '<turn-1@wallachen.example>',
    textEncoding: encoding,
    ...(format === 'html' ? {} : { text: plainOf(shape) }),
    ...(format === 'plain' ? {} : { html: htmlOf(shape) }),
  });
  return mail.compile().build();
}

/** The reply in `shape`, parsed by the mail parser Worker's code: the move and the line it was read from (or refused for). */
async function parsed(shape: Shape, format: Format = 'alternative', encoding: Encoding = 'quoted-printable') {
  const reply = await parseReply(await rawReply(shape, format, encoding));
  expect(reply.from).toBe(FROM);
  return reply;
}

const FORMATS: readonly Format[] = ['plain', 'html', 'alternative'];
const ENCODINGS: readonly Encoding[] = ['quoted-printable', 'base64'];
const LANGS: readonly Lang[] = ['de', 'en'];

/** Every shape: program, posting, format, encoding, language, signature or not. */
const SHAPES = PROGRAMS.flatMap((program) =>
  (BOTTOM_POSTING.includes(program) ? [false, true] : [false]).flatMap((bottom) =>
    FORMATS.flatMap((format) =>
      ENCODINGS.flatMap((encoding) =>
        LANGS.flatMap((lang) => [false, true].map((signature) => ({ program, bottom, format, encoding, lang, signature }))),
      ),
    ),
  ),
);

const HK: MoveByText = { type: 'play', card: 'HK' };

describe('a reply in every shape of every mail program is read', () => {
  it(`${SHAPES.length} shapes: a greeting, then the card by its name, above or below the quote`, async () => {
    for (const { format, encoding, ...shape } of SHAPES) {
      const line = shape.lang === 'de' ? 'Herz König' : 'king of hearts';
      const own = [shape.lang === 'de' ? 'Hallo Sepp,' : 'Hi Sepp,', '', line];
      const reply = await parsed({ ...shape, own }, format, encoding);
      expect(reply, JSON.stringify({ format, encoding, ...shape })).toEqual({ from: FROM, move: { ok: true, value: HK }, line });
    }
  });

  it('no move: the first own line is quoted back with the forms understood, never a line of the quote or of Outlook’s unquoted original', async () => {
    for (const { format, encoding, ...shape } of SHAPES.filter((s) => !s.signature)) {
      const line = shape.lang === 'de' ? 'Was soll ich spielen' : 'What shall I play';
      const reply = await parsed({ ...shape, own: [line] }, format, encoding);
      expect(reply.line, JSON.stringify({ format, encoding, ...shape })).toBe(line);
      expect(reply.move).toEqual({ ok: false, error: { code: 'bad_request', message: expect.stringContaining('not a move: write a card') } });
    }
  });
});

describe('issue 38: the cases that worked before keep working', () => {
  it.each(PROGRAMS)('%s: top-posted, quoted-printable and base64, plain, HTML-only and both, signed', async (program) => {
    for (const format of FORMATS)
      for (const encoding of ENCODINGS) {
        const reply = await parsed({ program, lang: 'de', own: ['Herz König'], signature: true }, format, encoding);
        expect(reply.move, `${format} ${encoding}`).toEqual({ ok: true, value: HK });
      }
  });

  it.each(PROGRAMS)('%s: "Herz König", "HK", "hearts king"', async (program) => {
    for (const line of ['Herz König', 'HK', 'hearts king'])
      expect((await parsed({ program, lang: 'de', own: [line] })).move, line).toEqual({ ok: true, value: HK });
  });
});

describe('issue 38: the cases refused before now play', () => {
  it.each(PROGRAMS)('%s: a greeting first ("Hallo,", blank line, "HK")', async (program) => {
    for (const format of FORMATS) {
      const reply = await parsed({ program, lang: 'de', own: ['Hallo,', '', 'HK'] }, format);
      expect(reply, format).toMatchObject({ move: { ok: true, value: HK }, line: 'HK' });
    }
  });

  it.each(BOTTOM_POSTING)('%s: bottom-posted, the move below the quote, signed or not', async (program) => {
    for (const format of FORMATS)
      for (const signature of [false, true]) {
        const reply = await parsed({ program, lang: 'en', own: ['weiter'], bottom: true, signature }, format);
        expect(reply, `${format} ${signature}`).toMatchObject({ move: { ok: true, value: { type: 'pass' } }, line: 'weiter' });
      }
  });

  it.each([
    ['weiter', { type: 'pass' }],
    ['Weiter', { type: 'pass' }],
    ['passe', { type: 'pass' }],
    ['ich passe', { type: 'pass' }],
    ['Herzkönig', HK],
    ['Herz As', { type: 'play', card: 'HA' }],
    ['7', { type: 'bid', bid: '7' }],
  ])('%s', async (line, move) => {
    for (const program of PROGRAMS)
      for (const bottom of BOTTOM_POSTING.includes(program) ? [false, true] : [false]) {
        const reply = await parsed({ program, lang: 'de', own: ['Servus Sepp,', line], bottom });
        expect(reply, `${program} ${bottom}`).toMatchObject({ move: { ok: true, value: move }, line });
      }
  });

  it('every move a German or English turn mail writes (replyText) plays as a reply of every program', async () => {
    const moves: MoveByText[] = [
      HK,
      { type: 'play', card: 'S7', knock: true },
      { type: 'play', card: 'GA', trump: 'H' },
      { type: 'pass' },
      { type: 'hold' },
      { type: 'bid', bid: '7' },
      { type: 'bid', bid: 'bettel' },
      { type: 'double', double: true },
      { type: 'double', double: false },
      { type: 'discard', cards: ['GA', 'SK'] },
      { type: 'declare', contract: '8' },
      { type: 'kontra' },
      { type: 're' },
      { type: 're', re: false },
      { type: 'claim' },
    ];
    for (const program of PROGRAMS)
      for (const lang of LANGS)
        for (const move of moves) {
          const line = replyText(move, lang);
          expect((await parsed({ program, lang, own: [line] })).move, `${program} ${line}`).toEqual({ ok: true, value: move });
        }
  });
});

describe('issue 38: never misread — a line with more than the move is refused, quoted back; a line with no move is passed over', () => {
  it.each([
    ['HK oder pass', 'not one move: the line holds two, HK and pass'],
    ['HK bitte', 'not one move: the line holds HK and other words'],
    ['pass, sorry', 'not one move: the line holds pass and other words'],
    ['Hallo Sepp, HK', 'not one move: the line holds HK and other words'],
    ['HK?', 'not a move: a question (HK?)'],
  ])('%s', async (line, reason) => {
    for (const program of PROGRAMS)
      for (const format of FORMATS) {
        // A line below it that is a move is not read instead: the first line that holds a move decides.
        const reply = await parsed({ program, lang: 'de', own: ['Hallo,', line, 'weiter'] }, format);
        expect(reply.line, `${program} ${format}`).toBe(line);
        expect(reply.move).toEqual({ ok: false, error: { code: 'bad_request', message: expect.stringContaining(reason) } });
      }
  });

  it('"Hallo Sepp," and "I\'ll be back on the 7th" are passed over: the move below them plays, and no bid 7', async () => {
    for (const program of PROGRAMS)
      for (const format of FORMATS) {
        const reply = await parsed({ program, lang: 'en', own: ['Hallo Sepp,', "I'll be back on the 7th", 'pass'] }, format);
        expect(reply, `${program} ${format}`).toMatchObject({ move: { ok: true, value: { type: 'pass' } }, line: 'pass' });
      }
  });

  it('"back on the 7." holds a bid 7 among other words: refused with the line, never read as bid 7', async () => {
    const reply = await parsed({ program: 'gmail', lang: 'en', own: ["I'll be back on the 7.", 'pass'] });
    expect(reply.line).toBe("I'll be back on the 7.");
    expect(reply.move.ok).toBe(false);
  });
});

describe('a reply of 64 KiB of words is read in time', () => {
  it.each(['herz ', 'of ', 'so ', 'Servus beinand '])('20 lines of %j, then the move: refused or passed over, within the bound', async (unit) => {
    const line = unit
      .repeat(Math.ceil(3_200 / unit.length))
      .slice(0, 3_200)
      .trim();
    const own = [...Array.from({ length: 20 }, () => line), 'HK'];
    const raw = await rawReply({ program: 'thunderbird', lang: 'de', own }, 'plain', 'base64');
    const start = performance.now();
    const reply = await parseReply(raw);
    expect(performance.now() - start).toBeLessThan(2_000);
    // Ordinary words are passed over, but 20 own lines are all that is read: the move on the 21st is not.
    expect(reply.line).toBe(line);
    expect(reply.move.ok).toBe(false);
  });
});
