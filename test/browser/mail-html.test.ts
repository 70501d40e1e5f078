/**
 * The HTML part of a turn mail (worker/notifications/mail/mail-html.ts, API.md "Mail": The turn
 * mail is the table) as Chromium reads it: the `mailto:` links of its moves, each parsed as a
 * reply's first line is (shared/move-text.ts), are exactly the seat's legal moves, every one
 * to the mail's Reply-To, in each language of the mail; the discard's link holds its word,
 * to which the two cards are added. The page fetches nothing, fits a 390 px phone, and leaves
 * the page's colours to the mail program (dark mode). Pictures of real games
 * (test/engine/mail-pictures.ts); the docs' screenshots are scripts/dev/mail-screenshots.ts's.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parseMoveText } from '../../shared/move-text.js';
import { moveText } from '../../shared/move-name.js';
import { mailHtml } from '../../worker/notifications/mail/mail-html.js';
import type { TablePicture } from '../../worker/notifications/mail/table-picture.js';
import { partsOf, REPLY_TO, SCENES } from '../engine/mail-pictures.js';
import { useChromium } from './support.js';

const chromium = useChromium();

/** A mailto: link's address and fields, as RFC 6068 writes them (a `+` is a plus, not a space). */
function mailtoOf(href: string): { to: string; fields: Map<string, string> } {
  expect(href.startsWith('mailto:')).toBe(true);
  const [to, query = ''] = href.slice('mailto:'.length).split('?', 2) as [string, string?];
  const fields = new Map(
    query
      .split('&')
      .filter((field) => field !== '')
      .map((field) => {
        const [name, value = ''] = field.split('=', 2) as [string, string?];
        return [decodeURIComponent(name).toLowerCase(), decodeURIComponent(value)] as const;
      }),
  );
  return { to: decodeURIComponent(to), fields };
}

/** The moves a set of links' bodies play, by their English reply text; the discard's as `discard`. */
function movesOfLinks(hrefs: readonly string[], picture: TablePicture): string[] {
  return hrefs.map((href) => {
    const { to, fields } = mailtoOf(href);
    expect(to).toBe(REPLY_TO);
    const body = fields.get('body')!;
    const move = parseMoveText(body);
    if (move.ok) return moveText(move.value);
    // The discard's link holds the move's word alone: with two cards of the hand after it, a discard.
    const [a, b] = picture.hand.slice(-2) as [string, string];
    const discard = parseMoveText(`${body} ${a} ${b}`);
    expect(discard.ok && discard.value, `the link's body "${body}"`).toEqual({ type: 'discard', cards: [a, b] });
    return 'discard';
  });
}

const legalMoves = (picture: TablePicture): string[] => picture.moves.map((move) => ('count' in move ? 'discard' : moveText(move)));

/** A page of the file's phone (one a test: a page costs about a second, setting its content far less), what it fetched recorded. */
async function newPage(): Promise<{ page: Page; requests: string[] }> {
  const page = await (await chromium.device('phone')).newPage();
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  return { page, requests };
}

async function show(page: Page, html: string, size: { width: number; height: number }, dark = false): Promise<void> {
  await page.setViewportSize(size);
  await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
  await page.setContent(html);
}

/** What the page's functions use of the DOM (the tests compile without its types). */
interface DomElement {
  closest(selector: string): DomElement | null;
}
interface Dom {
  readonly document: { readonly documentElement: DomElement & { readonly scrollWidth: number }; querySelector(selector: string): DomElement | null };
  getComputedStyle(element: DomElement): { readonly color: string; readonly backgroundColor: string };
}

const hrefsIn = (page: Page, selector: string): Promise<string[]> =>
  page.$$eval(`${selector} a[href^="mailto:"]`, (links) => links.map((a) => a.getAttribute('href')!));

describe("a turn mail's HTML part in Chromium", () => {
  for (const { label, picture } of SCENES)
    it(`links exactly the legal moves, each to the Reply-To: ${label}`, async () => {
      const { page, requests } = await newPage();
      for (const lang of ['de', 'en', undefined] as const) {
        await show(page, mailHtml(partsOf(picture, lang), REPLY_TO, 'Wallachen: your turn'), { width: 390, height: 800 });
        const sections = lang === undefined ? ['de', 'en'] : [lang];
        for (const section of sections) {
          const moves = movesOfLinks(await hrefsIn(page, `div[lang="${section}"]`), picture);
          expect(new Set(moves), `${section}: the links' moves`).toEqual(new Set(legalMoves(picture)));
          expect(moves, `${section}: each move once`).toHaveLength(picture.moves.length);
        }
        // Nothing but the moves is a mailto: link, and each carries the mail's subject as a reply's.
        const all = await hrefsIn(page, 'body');
        expect(all).toHaveLength(picture.moves.length * sections.length);
        for (const href of all) expect(mailtoOf(href).fields.get('subject')).toBe('Re: Wallachen: your turn');
        // A 390 px phone shows it without scrolling sideways.
        expect(await page.evaluate(() => (globalThis as unknown as Dom).document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      }
      expect(requests, 'fetched').toEqual([]);
    });

  it('without a Reply-To has no mailto: link, the moves listed as text', async () => {
    const picture = SCENES.find((scene) => scene.picture.phase === 'play')!.picture;
    const { page } = await newPage();
    await show(page, mailHtml(partsOf(picture, 'en'), null), { width: 390, height: 800 });
    expect(await hrefsIn(page, 'body')).toEqual([]);
    expect(await page.locator('body').innerText()).toContain('claim');
  });

  it('leaves the page to the mail program in dark mode: its text light on dark, the cards white with their ink', async () => {
    const picture = SCENES.find((scene) => scene.picture.trick.length > 0)!.picture;
    const { page } = await newPage();
    await show(page, mailHtml(partsOf(picture, 'de'), REPLY_TO), { width: 800, height: 800 }, true);
    const colours = await page.evaluate(() => {
      const { document, getComputedStyle: style } = globalThis as unknown as Dom;
      const card = document.querySelector('td strong')!.closest('td')!;
      return {
        text: style(document.querySelector('p')!).color,
        page: style(document.documentElement).backgroundColor,
        card: style(card).backgroundColor,
        ink: style(card).color,
      };
    });
    const light = (rgb: string) =>
      rgb
        .match(/\d+/g)!
        .slice(0, 3)
        .map(Number)
        .reduce((a, b) => a + b, 0) > 600;
    expect(light(colours.text), `text ${colours.text}`).toBe(true);
    expect(light(colours.page), `page ${colours.page}`).toBe(false);
    expect(colours.card).toBe('rgb(255, 255, 255)');
    expect(light(colours.ink), `ink ${colours.ink}`).toBe(false);
  });
});
