/**
 * The shape of the rule book in one language (de.ts, en.ts): the Rules page's texts, R1 … R10
 * with every rule of ids.ts, and around them the page's introduction, glossary, options and
 * worked example. Every text is written in the markup of markup.ts.
 */
import type { RuleOf, SectionId } from './ids.js';

export type Language = 'de' | 'en';

/** A text in both languages. */
export type Words = { readonly [L in Language]: string };

/** One section: its title (without its id), its rules by id, and what the page says around them. */
export interface SectionText<S extends SectionId> {
  readonly title: string;
  /** A paragraph before the rules. */
  readonly intro?: string;
  readonly rules: { readonly [Id in RuleOf<S>]: string };
  /** A paragraph after the rules, an example of them. */
  readonly example?: string;
  /** How a table option changes the section: "Table option “Doubling”: on by default; …". */
  readonly option?: { readonly label: string; readonly text: string };
}

export interface RuleBookText {
  /** The page's heading, and the heading of its table of contents. */
  readonly title: string;
  readonly contents: string;
  readonly intro: { readonly title: string; readonly paragraphs: readonly string[] };
  readonly glossary: { readonly title: string; readonly lead?: string };
  readonly sections: { readonly [S in SectionId]: SectionText<S> };
  readonly options: { readonly title: string; readonly lead: string };
  /** The worked settlement: a paragraph, the table of who pays whom (the page's), then variations. */
  readonly example: { readonly title: string; readonly lead: string; readonly variations: readonly string[] };
}
