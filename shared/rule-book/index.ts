/**
 * The project's rule book: the sections R1 … R10 with every rule's id (ids.ts), their texts in
 * German and English as players read them (de.ts, en.ts, in the markup of markup.ts), the
 * glossary and the table options in words. The Rules page is drawn from it (web/src/rules/),
 * the tests name its ids (test/engine/coverage.test.ts), and ../shared/RULES.md, where it is
 * beside the project, is compared with it (test/engine/rule-book.test.ts). Pure data and a
 * parser: no I/O, nothing of the web app. Not part of the engine's surface (shared/index.ts):
 * the server has no use for it.
 */
import type { Language, RuleBookText } from './book.js';
import { DE } from './de.js';
import { EN } from './en.js';

export const RULE_BOOK: { readonly [L in Language]: RuleBookText } = { de: DE, en: EN };

export type { Language, RuleBookText, SectionText, Words } from './book.js';
export { RULE_BOOK_IDS, RULE_SECTIONS, SECTION_IDS, type RuleId, type SectionId } from './ids.js';
export { GLOSSARY, type Term } from './glossary.js';
export { OPTION_WORDS, valueText, type OptionWords } from './option-words.js';
export { MarkupError, parseMarkup, type Inline, type Token } from './markup.js';
