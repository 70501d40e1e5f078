/**
 * The rule ids of the project's rule book: the sections R1 … R10 and their rules, in order.
 * The engine's refusals name them ("R7.3: …"), the tests name them (test/engine/coverage.test.ts
 * holds every id to a test) and the Rules page is drawn by them (`#r7`, `#r7.3`). A section's
 * texts are typed by its ids here (book.ts), so an id without text, or a text without an id,
 * fails `tsc`.
 */
export const RULE_SECTIONS = {
  R1: ['R1.1', 'R1.2', 'R1.3'],
  R2: ['R2.1', 'R2.2'],
  R3: ['R3.1', 'R3.2', 'R3.3', 'R3.4'],
  R4: ['R4.1', 'R4.2', 'R4.3', 'R4.4', 'R4.5'],
  R5: ['R5.1', 'R5.2', 'R5.3', 'R5.4'],
  R6: ['R6.1', 'R6.2', 'R6.3'],
  R7: ['R7.1', 'R7.2', 'R7.3', 'R7.4', 'R7.5', 'R7.6', 'R7.7', 'R7.8', 'R7.9', 'R7.10', 'R7.11', 'R7.12'],
  R8: ['R8.1', 'R8.2', 'R8.3'],
  R9: ['R9.1', 'R9.2', 'R9.3', 'R9.4'],
  R10: ['R10.1', 'R10.2', 'R10.3'],
} as const;

export type SectionId = keyof typeof RULE_SECTIONS;

/** The rules of section `S`, e.g. 'R7.1' | … | 'R7.12' of 'R7'. */
export type RuleOf<S extends SectionId> = (typeof RULE_SECTIONS)[S][number];

export type RuleId = RuleOf<SectionId>;

/** The sections in order. */
export const SECTION_IDS = Object.keys(RULE_SECTIONS) as SectionId[];

/** Every id of the book, each section followed by its rules: R1, R1.1, R1.2, R1.3, R2, … */
export const RULE_BOOK_IDS: readonly (SectionId | RuleId)[] = SECTION_IDS.flatMap((section) => [section, ...RULE_SECTIONS[section]]);
