/**
 * ../shared/RULES.md (read-only material beside the project, as in CI) read for what the rule
 * book must agree with: its rule ids and the option defaults it states. Used by
 * test/engine/rule-book.test.ts, which also holds these functions to a small text of its own.
 */
import type { TableOptions } from '../../shared/options.js';

/** The ids of a RULES.md: sections (`## R7 Play`), rules (`- R7.4 …`), and the rules it marks new (`* R7.12 …`), apart. */
export function rulesMdIds(text: string): { ids: string[]; newIds: string[] } {
  const ids: string[] = [];
  const newIds: string[] = [];
  for (const [, marker, id] of text.matchAll(/^(##|-|\*)\s+(R\d+(?:\.\d+)?)\b/gm)) (marker === '*' ? newIds : ids).push(id!);
  return { ids, newIds };
}

/**
 * The option defaults a RULES.md states, as written (`3`, `on`, `forced`), by option:
 * "option `games`, default 3", "`potStake` (default 1)", "Option `knock` (default off)",
 * "Option `trump`: `led` (default, …)", and a value marked "(default)" in the list under
 * "option `potTo`:".
 */
export function rulesMdDefaults(text: string): Map<string, string> {
  const defaults = new Map<string, string>();
  for (const [, option, value] of text.matchAll(/`(\w+)`(?:,| \() ?default `?(\w+)`?/g)) defaults.set(option!, value!);
  for (const [, option, value] of text.matchAll(/option `(\w+)`: `(\w+)` \(default\b/gi)) defaults.set(option!, value!);
  for (const [, option, list] of text.matchAll(/option `(\w+)`:[ \t]*\n((?:[ \t]+- .*(?:\n|$))+)/gi)) {
    const value = /- `(\w+)` \(default\)/.exec(list!)?.[1];
    if (value !== undefined) defaults.set(option!, value);
  }
  return defaults;
}

/** A default as a RULES.md writes it: `on`/`off` for a switch, else the value. */
const written = (value: TableOptions[keyof TableOptions]): string => (typeof value === 'boolean' ? (value ? 'on' : 'off') : String(value));

/**
 * What a RULES.md says that the rule book does not: each of its rule ids missing from `bookIds`
 * (not those it marks new: a project need not have built them yet), and each option default it
 * states that is not `defaults`'s, or of an option there is not.
 */
export function disagreements(text: string, bookIds: readonly string[], defaults: TableOptions): string[] {
  const missing = rulesMdIds(text)
    .ids.filter((id) => !bookIds.includes(id))
    .map((id) => `${id} is not in the rule book`);
  const options = [...rulesMdDefaults(text)].flatMap(([option, value]) =>
    !(option in defaults)
      ? [`option ${option} (default ${value}) is not an option of shared/options.ts`]
      : value !== written(defaults[option as keyof TableOptions])
        ? [`option ${option}: RULES.md says default ${value}, DEFAULT_OPTIONS has ${written(defaults[option as keyof TableOptions])}`]
        : [],
  );
  return [...missing, ...options];
}
