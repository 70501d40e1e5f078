/**
 * A text of the rule book (shared/rule-book/, in the markup of its markup.ts) drawn as JSX: a
 * Bavarian term as German (`<i lang="de">`), an option's default and the "(the default)" mark
 * read from DEFAULT_OPTIONS (option-defaults.tsx), a limit from OPTION_LIMITS. Plain components
 * without hooks, as the page is.
 */
import type { ComponentChildren } from 'preact';
import { OPTION_LIMITS } from '../../../shared/options.js';
import { parseMarkup, type Inline, type Language } from '../../../shared/rule-book/index.js';
import { Default, DefaultMark } from './option-defaults.js';

function inline(token: Inline, lang: Language, key: number): ComponentChildren {
  if (typeof token === 'string') return token;
  switch (token.kind) {
    case 'strong':
      return <strong key={key}>{token.children.map((child, i) => inline(child, lang, i))}</strong>;
    case 'term':
      return (
        <i key={key} lang="de">
          {token.children.map((child, i) => inline(child, lang, i))}
        </i>
      );
    case 'sup':
      return <sup key={key}>{token.text}</sup>;
    case 'default':
      return <Default key={key} lang={lang} of={token.option} />;
    case 'mark':
      return <DefaultMark key={key} lang={lang} of={token.option} is={token.value} />;
    case 'limit':
      return String(OPTION_LIMITS[token.option]);
  }
}

/** The text `text` of the book in `lang`'s page (a list in it drawn as a `<ul>`). */
export const Markup = ({ lang, text }: { lang: Language; text: string }) => (
  <>
    {parseMarkup(text).map((token, i) =>
      typeof token !== 'string' && token.kind === 'list' ? (
        <ul key={i}>
          {token.items.map((item, j) => (
            <li key={j}>{item.map((child, k) => inline(child, lang, k))}</li>
          ))}
        </ul>
      ) : (
        inline(token, lang, i)
      ),
    )}
  </>
);
