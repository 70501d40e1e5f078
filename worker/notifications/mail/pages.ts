/**
 * The small pages behind the links of a mail (routes/mail.ts), in German and English. A
 * page that changes anything only offers a button: mail scanners open every link of a mail
 * (a GET), and that must not confirm an address in its owner's stead.
 *
 * No script at all; the one stylesheet is allowed by its hash; nothing may frame them.
 */

const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:2rem 1rem;color:#1d1d1d;background:#f6f4ee}' +
  'main{max-width:34rem;margin:0 auto}h1{font-size:1.3rem;margin:1.5rem 0 .5rem}' +
  'button{font:inherit;padding:.6rem 1.2rem;margin-top:1rem;border-radius:.4rem;border:1px solid #1f5c3a;background:#1f5c3a;color:#fff;cursor:pointer}' +
  '.back{margin-top:2rem}a{color:#1f5c3a}' +
  '@media (prefers-color-scheme:dark){body{color:#eee;background:#1c1c1c}a{color:#8fd0a8}}';

let styleHash: Promise<string> | undefined;

/** The Content-Security-Policy of these pages: nothing but their own style, forms back to us, no framing. */
export async function pagePolicy(): Promise<string> {
  styleHash ??= crypto.subtle.digest('SHA-256', new TextEncoder().encode(STYLE)).then((d) => btoa(String.fromCharCode(...new Uint8Array(d))));
  return `default-src 'none'; style-src 'sha256-${await styleHash}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;
}

const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface Text {
  readonly title: string;
  readonly body: string;
}

/** The way back from a page that ends something: the app's home, where this device's tables are listed. */
const BACK_TO_APP = '<p class="back"><a href="/">Zu Wallachen online / To Wallachen online</a></p>';

/**
 * A page: German, then English; with a form when `button` is given (it posts to `action`),
 * else, with `back`, a link back to the app.
 */
function page(
  de: Text,
  en: Text,
  form?: { readonly action: string; readonly button: string; readonly fields?: Record<string, string> },
  back = false,
): string {
  const section = (lang: string, t: Text) => `<section lang="${lang}"><h1>${escape(t.title)}</h1><p>${escape(t.body)}</p></section>`;
  const fields = Object.entries(form?.fields ?? {})
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join('');
  const formHtml =
    form === undefined
      ? ''
      : `<form method="post" action="${escape(form.action)}">${fields}<button type="submit">${escape(form.button)}</button></form>`;
  return (
    '<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<meta name="robots" content="noindex"><title>${escape(`${de.title} / ${en.title}`)}</title><style>${STYLE}</style></head>` +
    `<body><main>${section('de', de)}${section('en', en)}${formHtml}${back ? BACK_TO_APP : ''}</main></body></html>`
  );
}

export const confirmPage = (action: string): string =>
  page(
    {
      title: 'Wallachen: Benachrichtigungen bestätigen',
      body: 'Sollen an diese Mailadresse Mails von dem Wallachen-Tisch kommen, an dem sie eingetragen wurde, wenn du dort am Zug bist? Andere Tische fragen selbst.',
    },
    {
      title: 'Wallachen: confirm notifications',
      body: 'Should this mail address be told by mail when it is your move at the Wallachen table where it was entered? Other tables ask for themselves.',
    },
    { action, button: 'Ja, bestätigen / Yes, confirm' },
  );

export const confirmedPage = (): string =>
  page(
    {
      title: 'Bestätigt',
      body: 'Ab jetzt kommen die Mails dieses Tisches an diese Adresse. Abbestellen kannst du sie mit dem Link unten in jeder Mail.',
    },
    { title: 'Confirmed', body: "From now on this table's mails come to this address. The link at the end of every mail unsubscribes it." },
    undefined,
    true,
  );

/** A confirm link of before confirmations were per table: it names no table, so it confirms none. */
export const outdatedLinkPage = (): string =>
  page(
    {
      title: 'Link veraltet',
      body: 'Dieser Bestätigungslink stammt von früher und gilt nicht mehr: jeder Tisch fragt jetzt selbst. Speichere deine Adresse in den Einstellungen des Tisches neu, dann kommt ein neuer Link.',
    },
    {
      title: 'Outdated link',
      body: "This confirmation link is from before and no longer works: each table now asks for itself. Save your address again in the table's settings to get a new link.",
    },
  );

/** The form posts what a mail program's one-click unsubscribe posts (RFC 8058). */
export const unsubscribePage = (action: string): string =>
  page(
    { title: 'Wallachen: Mails abbestellen', body: 'Keine Mails mehr an diese Adresse, von keinem Tisch?' },
    { title: 'Wallachen: unsubscribe', body: 'No more mail to this address, from any table?' },
    { action, button: 'Abbestellen / Unsubscribe', fields: { 'List-Unsubscribe': 'One-Click' } },
  );

export const unsubscribedPage = (): string =>
  page(
    { title: 'Abbestellt', body: 'An diese Adresse gehen keine Mails von Wallachen-Tischen mehr.' },
    { title: 'Unsubscribed', body: 'This address gets no more mail from Wallachen tables.' },
    undefined,
    true,
  );

export const invalidLinkPage = (): string =>
  page(
    { title: 'Ungültiger Link', body: 'Dieser Link ist nicht gültig. Nimm den Link aus der Mail, genau wie er dort steht.' },
    { title: 'Invalid link', body: 'This link is not valid. Use the link from the mail exactly as it is written there.' },
  );

export const notConfiguredPage = (): string =>
  page(
    { title: 'Nicht eingerichtet', body: 'Der Server ist noch nicht fertig eingerichtet. Versuch es später noch einmal.' },
    { title: 'Not set up', body: 'The server is not set up yet. Please try again later.' },
  );
