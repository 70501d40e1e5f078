/** The shape of one text of the dictionaries (en.ts, de.ts and their later parts), read by web/src/i18n.ts. */

/**
 * A text that depends on a count: one form per plural category of the language
 * (`Intl.PluralRules`), chosen by the number in `{n}`. German and English need `one` and
 * `other`; `other` is the fallback for any category a language lacks.
 */
export interface Plural {
  readonly one: string;
  readonly other: string;
}

export type Text = string | Plural;
