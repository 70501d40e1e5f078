/**
 * The rules page: the project's rule book (shared/rule-book/: R1 … R10, the glossary, the
 * options, in German and English) drawn in the reader's language. It explains the rules and
 * decides none (shared/ does); it writes no rule itself, and the options' defaults it names are
 * DEFAULT_OPTIONS's (option-defaults.tsx). The app loads it lazily. Headings and items carry the
 * rule ids (`#r7`, `#r7.3`), so a refused move that names R7.3 can point here.
 */
import type { ComponentChildren, JSX } from 'preact';
import { RULE_BOOK, RULE_SECTIONS, SECTION_IDS, type Language, type RuleBookText, type SectionId } from '../../../shared/rule-book/index.js';
import { jumpTo } from './jump.js';
import { Markup } from './markup.js';
import { ExampleTable, Glossary, OptionsTable } from './tables.js';
import './rules.css';

export type { Language };

/** A section whose heading is the target of the table of contents. */
const Section = ({ id, title, children }: { id: string; title: string; children: ComponentChildren }) => (
  <section aria-labelledby={id}>
    <h2 id={id} tabIndex={-1}>
      {title}
    </h2>
    {children}
  </section>
);

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

const sectionTitle = (book: RuleBookText, id: SectionId): string => `${id} ${book.sections[id].title}`;

/** One section of the book, e.g. R7: its rules as items that can be linked to (#r7.3), with what the book says around them. */
function RuleSection({ lang, id }: { lang: Language; id: SectionId }) {
  const section = RULE_BOOK[lang].sections[id];
  const rules: Readonly<Record<string, string>> = section.rules;
  return (
    <Section id={id.toLowerCase()} title={sectionTitle(RULE_BOOK[lang], id)}>
      {section.intro !== undefined && (
        <p>
          <Markup lang={lang} text={section.intro} />
        </p>
      )}
      <ul>
        {RULE_SECTIONS[id].map((rule) => (
          <li key={rule} id={rule.toLowerCase()} class="rules-rule">
            <span class="rules-id">{rule}</span> <Markup lang={lang} text={rules[rule]!} />
          </li>
        ))}
      </ul>
      {section.example !== undefined && (
        <p class="rules-example">
          <Markup lang={lang} text={section.example} />
        </p>
      )}
      {section.option !== undefined && (
        <p class="rules-option">
          <strong>{section.option.label}:</strong> <Markup lang={lang} text={section.option.text} />
        </p>
      )}
    </Section>
  );
}

/** The rules of Wallachen explained for players, in `lang`. Headings carry the rule ids (R1 … R10) so players and the code speak of the same rules. */
export default function RulesPage({ lang }: { lang: Language }): JSX.Element {
  const book = RULE_BOOK[lang];
  const contents: (readonly [string, string])[] = [
    ['rules-intro', book.intro.title],
    ['rules-glossary', book.glossary.title],
    ...SECTION_IDS.map((id) => [id.toLowerCase(), sectionTitle(book, id)] as const),
    ['rules-options', book.options.title],
    ['rules-example', book.example.title],
  ];
  return (
    <article class="rules" lang={lang}>
      <h1>{book.title}</h1>
      <Contents title={book.contents} entries={contents} />
      <Section id="rules-intro" title={book.intro.title}>
        {book.intro.paragraphs.map((paragraph, i) => (
          <p key={i}>
            <Markup lang={lang} text={paragraph} />
          </p>
        ))}
      </Section>
      <Section id="rules-glossary" title={book.glossary.title}>
        {book.glossary.lead !== undefined && (
          <p>
            <Markup lang={lang} text={book.glossary.lead} />
          </p>
        )}
        <Glossary lang={lang} />
      </Section>
      {SECTION_IDS.map((id) => (
        <RuleSection key={id} lang={lang} id={id} />
      ))}
      <Section id="rules-options" title={book.options.title}>
        <p>
          <Markup lang={lang} text={book.options.lead} />
        </p>
        <OptionsTable lang={lang} />
      </Section>
      <Section id="rules-example" title={book.example.title}>
        <p>
          <Markup lang={lang} text={book.example.lead} />
        </p>
        <ExampleTable lang={lang} />
        <ul>
          {book.example.variations.map((variation, i) => (
            <li key={i}>
              <Markup lang={lang} text={variation} />
            </li>
          ))}
        </ul>
      </Section>
    </article>
  );
}
