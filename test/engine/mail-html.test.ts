/**
 * The HTML part of a turn mail (worker/notifications/mail/mail-html.ts, API.md "Mail": The turn
 * mail is the table): for real games at each phase a turn mail is sent in, in German, English
 * and both, a document that html-validate (a validator nobody here wrote) finds valid under its
 * recommended rules; plain HTML a mail program renders (no script, form, image, stylesheet or
 * anything fetched); every name escaped and isolated; links only where the lines have a URL
 * and the moves. test/browser/mail-html.test.ts checks in Chromium that the moves' links are
 * exactly the legal moves.
 */
import { HtmlValidate } from 'html-validate';
import { describe, expect, it } from 'vitest';
import { lineHtml, mailHtml, mailtoLink } from '../../worker/notifications/mail/mail-html.js';
import { NAMES, partsOf, REPLY_TO, SCENES } from './mail-pictures.js';

const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: {
    // Inline styles are the point: Gmail and Outlook drop or rewrite a <style> and never fetch a
    // stylesheet, so every style a mail needs stands on its element.
    'no-inline-style': 'off',
    // role="presentation" marks the layout tables (cards in rows) for screen readers, and is what
    // mail programs and their readers have long known; role="none" is its newer synonym (ARIA 1.1).
    'presentation-role-style': 'off',
  },
});

async function expectValid(html: string): Promise<void> {
  const report = await validator.validateString(html);
  const messages = report.results.flatMap((result) => result.messages.map((m) => `${m.line}:${m.column} ${m.ruleId}: ${m.message}`));
  expect(messages).toEqual([]);
  expect(report.valid).toBe(true);
}

const LANGUAGES = ['de', 'en', undefined] as const;

describe('a turn mail as HTML', () => {
  for (const { label, picture } of SCENES)
    for (const lang of LANGUAGES)
      it(`is valid HTML: ${label}, ${lang ?? 'German and English'}`, async () => {
        await expectValid(mailHtml(partsOf(picture, lang), REPLY_TO, 'Wallachen: your turn at Stammtisch & <b>Co</b>'));
        await expectValid(mailHtml(partsOf(picture, lang), null));
      });

  it('is valid HTML without a picture (an end mail, an answer without a move owed)', async () => {
    for (const lang of LANGUAGES) await expectValid(mailHtml(partsOf(null, lang), null));
  });

  it("is a whole document in the mail's language, readable light and dark, with nothing secret in its title", () => {
    const html = mailHtml(partsOf(SCENES[0]!.picture, 'en'), REPLY_TO);
    expect(html.startsWith('<!DOCTYPE html>\n<html lang="en" dir="ltr">')).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<meta name="color-scheme" content="light dark">');
    expect(/<title>([^<]*)<\/title>/.exec(html)![1]).toBe('Wallachen');
    // The page's text and background are the mail program's own, so its dark mode keeps them
    // readable: every colour set is a card's or a button's, whose background is set with it.
    for (const [, style] of html.matchAll(/style="([^"]*)"/g)) {
      if (/(^|;)color:/.test(style!)) expect(style, 'a colour without its background').toMatch(/background-color:/);
    }
    const both = mailHtml(partsOf(SCENES[0]!.picture, undefined), REPLY_TO);
    expect(both).toContain('<html lang="de"');
    expect(both.indexOf('<div lang="de"')).toBeLessThan(both.indexOf('<div lang="en"'));
  });

  it('holds no script, form, image, stylesheet, font or anything else a mail program would fetch or run', () => {
    for (const { picture } of SCENES)
      for (const lang of LANGUAGES) {
        const html = mailHtml(partsOf(picture, lang), REPLY_TO);
        expect(html).not.toMatch(/<(script|form|img|style|link|iframe|object|embed|input|button|svg|video|audio|source|picture|base)\b/i);
        expect(html).not.toMatch(/\b(src|srcset|background|action|on[a-z]+)=/i);
        expect(html).not.toMatch(/url\(|@import|@font-face|javascript:/i);
      }
  });

  it('keeps its lines short enough for mail (RFC 5322: 998 characters)', () => {
    for (const { picture } of SCENES)
      for (const lang of LANGUAGES) for (const line of mailHtml(partsOf(picture, lang), REPLY_TO).split('\n')) expect(line.length).toBeLessThan(998);
  });

  it('escapes names and isolates them: markup, quotes, ampersands and right-to-left names stay text', () => {
    for (const { picture } of SCENES)
      for (const lang of LANGUAGES) {
        const html = mailHtml(partsOf(picture, lang), REPLY_TO, `Wallachen: ${NAMES[1]}`);
        expect(html).not.toContain('<script>');
        expect(html).not.toContain('<b>Co</b>');
        expect(html).not.toContain('"die Sau"');
        expect(html).toContain('&lt;b&gt;Co&lt;/b&gt;');
        // Wherever a name stands (the greeting, the picture's lines, who played a card): escaped and isolated.
        const shown = [
          ['Sepp', '<bdi>\u2068Sepp &lt;script&gt;alert(1)&lt;/script&gt;\u2069</bdi>'],
          ['Anna', '<bdi>\u2068Anna &quot;die Sau&quot; &amp; Co\u2069</bdi>'],
          ['מרים', '<bdi>\u2068מרים\u2069</bdi>'],
        ] as const;
        // (The links' subject names a seat too: percent-encoded there.)
        const text = html.replace(/href="[^"]*"/g, '');
        for (const [name, isolated] of shown) expect(text.split(name).length).toBe(text.split(isolated).length);
        expect(html).toContain(shown[picture.seat]![1]);
      }
  });

  it('makes links of the URLs of its own lines only, never of a name', () => {
    expect(lineHtml('To the table: https://wallachen.example/t/k3h8q2m5x7c9v4b6#tok_abc.')).toBe(
      'To the table: <a href="https://wallachen.example/t/k3h8q2m5x7c9v4b6#tok_abc" style="word-break:break-all">https://wallachen.example/t/k3h8q2m5x7c9v4b6#tok_abc</a>.',
    );
    expect(lineHtml('Hello \u2068https://evil.example/"x"\u2069, see <this>')).toBe(
      'Hello <bdi>\u2068https://evil.example/&quot;x&quot;\u2069</bdi>, see &lt;this&gt;',
    );
    // A name isolated without its end (cut, say) stays a name to the end of the line.
    expect(lineHtml('  \u2068Anna https://a.example')).toBe('&nbsp;&nbsp;<bdi>\u2068Anna https://a.example</bdi>');
    const html = mailHtml(partsOf(SCENES[4]!.picture, undefined), REPLY_TO);
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map(([, href]) => href!);
    expect(hrefs.filter((href) => !href.startsWith('mailto:')).sort()).toEqual([
      'https://wallachen.example/api/mail/unsubscribe/0123abcd.sig_-x',
      'https://wallachen.example/api/mail/unsubscribe/0123abcd.sig_-x',
      'https://wallachen.example/t/k3h8q2m5x7c9v4b6#tok_abc',
      'https://wallachen.example/t/k3h8q2m5x7c9v4b6#tok_abc',
    ]);
  });

  it('lists the moves as text, with no link at all, when the mail has no reply address', () => {
    for (const { picture } of SCENES) expect(mailHtml(partsOf(picture, 'de'), null)).not.toContain('mailto:');
  });

  it('writes a move as a mailto: link after RFC 6068: the address as it is, the fields percent-encoded UTF-8', () => {
    expect(mailtoLink(REPLY_TO, 'drücke')).toBe(`mailto:${REPLY_TO}?body=dr%C3%BCcke`);
    expect(mailtoLink('moves+a@x.example', 'no re', 'Re: Wallachen: Sepp & Co?')).toBe(
      'mailto:moves+a@x.example?subject=Re%3A%20Wallachen%3A%20Sepp%20%26%20Co%3F&body=no%20re',
    );
    expect(mailtoLink('a?b#c%@x.example', 'x')).toBe('mailto:a%3Fb%23c%25@x.example?body=x');
    const html = mailHtml(partsOf(SCENES[0]!.picture, 'en'), REPLY_TO, 'Wallachen: your turn at "A" & B');
    expect(html).toContain(`href="mailto:${REPLY_TO}?subject=Re%3A%20Wallachen%3A%20your%20turn%20at%20%22A%22%20%26%20B&amp;body=double"`);
  });
});
