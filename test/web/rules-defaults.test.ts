/**
 * The rules page (web/src/rules/RulesPage.tsx) says the table options' defaults as
 * DEFAULT_OPTIONS (shared/options.ts) has them, and follows a changed default: rendered here
 * to a static tree (the page is plain components without hooks) once with the server's
 * defaults and once with every default changed.
 */
import type { FunctionComponent, VNode } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_OPTIONS, OPTION_NAMES, type TableOptions } from '../../shared/options.js';

type Language = 'de' | 'en';

interface StaticElement {
  readonly tag: string;
  readonly attrs: Readonly<Record<string, unknown>>;
  readonly children: readonly StaticNode[];
}
type StaticNode = StaticElement | string;

/** The elements and text a tree of function components renders to. */
function staticTree(node: unknown): StaticNode[] {
  if (node === null || node === undefined || typeof node === 'boolean') return [];
  if (typeof node === 'string' || typeof node === 'number') return [String(node)];
  if (Array.isArray(node)) return node.flatMap(staticTree);
  const vnode = node as VNode<Record<string, unknown>>;
  if (typeof vnode.type === 'function') return staticTree((vnode.type as FunctionComponent<Record<string, unknown>>)(vnode.props));
  const { children, ...attrs } = vnode.props;
  return [{ tag: vnode.type, attrs, children: staticTree(children) }];
}

const textOf = (nodes: readonly StaticNode[]): string => nodes.map((n) => (typeof n === 'string' ? n : textOf(n.children))).join('');

function findAll(nodes: readonly StaticNode[], match: (e: StaticElement) => boolean): StaticElement[] {
  return nodes.flatMap((n) => (typeof n === 'string' ? [] : [...(match(n) ? [n] : []), ...findAll(n.children, match)]));
}

/** The page's text with each default it shows replaced by «default», each mark of a default value by «mark». */
const textWithDefaultsMarked = (nodes: readonly StaticNode[]): string =>
  nodes
    .map((n) =>
      typeof n === 'string'
        ? n
        : 'data-default' in n.attrs
          ? '«default»'
          : 'data-default-mark' in n.attrs
            ? '«mark»'
            : textWithDefaultsMarked(n.children),
    )
    .join('');

/** An option's value in the page's words (written out here, so that the page is held to them). */
const NAMED: Record<Language, Record<string, string>> = {
  en: {
    forced: 'Muss-Spiel',
    pot: 'Haferl',
    declarer: 'the next declarer who wins a game',
    winners: 'the winners of the next game',
    led: 'the suit of the first card',
    named: 'named',
    last: 'the last trick',
    all: 'every trick',
    opponents: 'the other side’s last trick only',
  },
  de: {
    forced: 'Muss-Spiel',
    pot: 'Haferl',
    declarer: 'der nächste Alleinspieler, der gewinnt',
    winners: 'die Gewinner des nächsten Spiels',
    led: 'die Farbe der ersten Karte',
    named: 'genannt',
    last: 'den letzten Stich',
    all: 'alle',
    opponents: 'nur den letzten Stich der Gegenseite',
  },
};

function word(lang: Language, name: keyof TableOptions, value: unknown): string {
  if (typeof value === 'boolean') return { en: value ? 'on' : 'off', de: value ? 'an' : 'aus' }[lang];
  if (name === 'firstDealer') return `${lang === 'de' ? 'Spieler' : 'player'} ${Number(value) + 1}`;
  return typeof value === 'number' ? String(value) : NAMED[lang][String(value)]!;
}

/** Every default changed to another valid value. */
const CHANGED: TableOptions = {
  doubling: false,
  tenTrickBid: true,
  allPass: 'pot',
  potStake: 5,
  potTo: 'winners',
  maxRedeals: 2,
  winDutyInBettel: false,
  trump: 'named',
  trickHistory: 'opponents',
  knock: true,
  kontra: false,
  claims: false,
  firstDealer: 2,
  games: 6,
  stakePerTrick: 2,
  flatTariff: 20,
};

async function renderedPage(lang: Language): Promise<StaticNode[]> {
  const { default: RulesPage } = await import('../../web/src/rules/RulesPage.js');
  return staticTree(RulesPage({ lang }));
}

/** Holds the page in `lang` to `defaults`: the options table, every default named in the text, and the marks of default values. */
function expectDefaults(page: readonly StaticNode[], lang: Language, defaults: TableOptions): void {
  for (const name of OPTION_NAMES) {
    const rows = findAll(page, (e) => e.attrs['data-option'] === name);
    expect(rows, `the options table's row of ${name}`).toHaveLength(1);
    const shown = findAll(rows, (e) => e.attrs['data-default'] === name).map((e) => textOf(e.children));
    expect(shown, `${lang}: the default of ${name} in its row`).toEqual([word(lang, name, defaults[name])]);
    // What the option changes speaks of the other values, never of the default as a change.
    const effect = textOf(findAll(rows, (e) => 'data-option-effect' in e.attrs)[0]!.children);
    if (typeof defaults[name] !== 'number') {
      const defaultWord = word(lang, name, defaults[name]);
      expect(effect.toLowerCase(), `${lang}: what ${name} changes`).not.toContain(`${defaultWord.toLowerCase()}:`);
      expect(effect, `${lang}: what ${name} changes`).toMatch(/^\S.*: /);
    }
  }
  for (const element of findAll(page, (e) => 'data-default' in e.attrs)) {
    const name = element.attrs['data-default'] as keyof TableOptions;
    expect(textOf(element.children), `${lang}: a default of ${name} in the text`).toBe(word(lang, name, defaults[name]));
  }
  const marks = findAll(page, (e) => 'data-default-mark' in e.attrs).map((e) => e.attrs['data-default-mark']);
  expect(new Set(marks), `${lang}: the values marked as the default`).toEqual(
    new Set((['allPass', 'potTo', 'trump'] as const).map((name) => `${name}=${defaults[name]}`)),
  );
  expect(marks).toHaveLength(3);
  // No default is written into the text by hand: "… by default", "normalerweise …", "(normal)" only around what the page reads.
  const text = textWithDefaultsMarked(page);
  if (lang === 'en') {
    expect(text.match(/[^\s(]+ by default/g)!.filter((m) => m !== '«default» by default')).toEqual([]);
    expect(text.match(/.{0,40}(?:\(the default\)|, the default)/g) ?? []).toEqual([]);
  } else {
    expect(text.match(/\bnormal(?:erweise)? \S+/g)!.filter((m) => !/ «default»/.test(m))).toEqual([]);
    expect(text.match(/.{0,40}\(normal\)/g) ?? []).toEqual([]);
  }
}

describe('the rules page', () => {
  afterEach(() => {
    vi.doUnmock('../../shared/options.js');
    vi.resetModules();
  });

  it.each(['en', 'de'] as const)('shows every default as DEFAULT_OPTIONS has it (%s)', async (lang) => {
    const page = await renderedPage(lang);
    expectDefaults(page, lang, DEFAULT_OPTIONS);
    // Today's figures, where the text names them.
    expect(findAll(page, (e) => e.attrs['data-default'] === 'maxRedeals').length).toBeGreaterThan(1);
    expect(textOf(page)).toContain(lang === 'en' ? '1 to 10, 3 by default' : '1 bis 10, normal 3');
  });

  it.each(['en', 'de'] as const)('follows a changed default (%s)', async (lang) => {
    vi.resetModules();
    vi.doMock('../../shared/options.js', async (importOriginal) => ({ ...(await importOriginal<object>()), DEFAULT_OPTIONS: CHANGED }));
    const page = await renderedPage(lang);
    expectDefaults(page, lang, CHANGED);
    const effect = (name: string) =>
      textOf(
        findAll(
          findAll(page, (e) => e.attrs['data-option'] === name),
          (e) => 'data-option-effect' in e.attrs,
        )[0]!.children,
      );
    // Doubling off by default: the table says what on does.
    expect(effect('doubling')).toMatch(lang === 'en' ? /^On: a doubling round/ : /^An: eine Doppelrunde/);
    expect(effect('trickHistory')).toMatch(lang === 'en' ? /^The last trick: .* Every trick: / : /^Den letzten Stich: .* Alle: /);
  });
});
