/**
 * The names people chose, a table's and its seats', as the pages show them: each in a <bdi>,
 * which isolates its direction. A name written right to left keeps to itself, and a name
 * stored before the server refused bidi controls (worker/schemas/plain-text.ts) cannot turn around
 * the words beside it ("Sepp to play") or the rest of its line.
 */
import type { ComponentChild, VNode } from 'preact';

/** One name, isolated. */
export const Name = ({ name }: { name: string }) => <bdi>{name}</bdi>;

/**
 * A name within a string the page does not lay out itself (the tab's title, a dialog of the
 * browser's): between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE, which isolate it as
 * <bdi> does.
 */
export const isolated = (name: string): string => `\u2068${name}\u2069`;

/** Text with names in it, for a page: strings and <Name>s. */
export type Named = ComponentChild[];

/**
 * `text` (a translation whose name placeholders were left open: `t('turnOf')`) with each
 * `{key}` of `names` put in as a <Name>; a list of names goes in as a list, each isolated.
 */
export function withNames(text: string, names: Readonly<Record<string, string | readonly string[]>>): Named {
  return text
    .split(/(\{\w+\})/)
    .filter((part) => part !== '')
    .flatMap((part, i): ComponentChild[] => {
      const given = /^\{(\w+)\}$/.test(part) ? names[part.slice(1, -1)] : undefined;
      if (given === undefined) return [part];
      if (typeof given === 'string') return [<Name key={i} name={given} />];
      return given.flatMap((name, j) => [...(j > 0 ? [', '] : []), <Name key={`${i}.${j}`} name={name} />]);
    });
}

/** What `named` says as a plain string: for a label, a title, a test. */
export function plainText(named: ComponentChild | Named): string {
  if (Array.isArray(named)) return named.map((part) => plainText(part as ComponentChild)).join('');
  if (typeof named === 'string' || typeof named === 'number') return String(named);
  if (named === null || named === undefined || typeof named === 'boolean' || !('props' in (named as object))) return '';
  const node = named as VNode<{ name?: string; children?: ComponentChild }>;
  return node.type === Name ? node.props.name! : plainText(node.props.children);
}
