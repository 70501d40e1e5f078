/**
 * The views kept on this device (web/src/table/last-view.ts) when several pages of the app are
 * open at once. Each page has its own copy of localStorage, brought up to date after the fact
 * (Chromium: a renderer's cached storage area, told of other pages' changes asynchronously); a
 * write goes out key by key. So a page may write while its copy still holds what another page
 * has just removed. Modelled here: `device` is what the browser holds, `page()` a page's copy.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TableView } from '../../web/src/api.js';
import { forgetView, forgetViews, recallView, rememberView } from '../../web/src/table/last-view.js';

/** A page's copy of the device's storage: reads its copy, writes both (by key); `catchUp` brings the copy up to date. */
function page(device: Map<string, string>): Storage & { catchUp(): void } {
  const copy = new Map(device);
  return {
    get length() {
      return copy.size;
    },
    key: (i) => [...copy.keys()][i] ?? null,
    getItem: (key) => copy.get(key) ?? null,
    setItem: (key, value) => {
      copy.set(key, String(value));
      device.set(key, String(value));
    },
    removeItem: (key) => {
      copy.delete(key);
      device.delete(key);
    },
    clear: () => {
      copy.clear();
      device.clear();
    },
    catchUp: () => {
      copy.clear();
      for (const [key, value] of device) copy.set(key, value);
    },
  };
}

const viewOf = (tableId: string, version: number) => ({ tableId, version, hand: [`hand of ${tableId}`] }) as unknown as TableView;
const on = (storage: Storage) => vi.stubGlobal('localStorage', storage);
const named = (device: Map<string, string>, tableId: string) =>
  [...device].filter(([key, value]) => key.includes(tableId) || value.includes(tableId));

describe('the kept views, with two pages open on one device', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a page that has not yet seen another page remove a table gone (404) does not write its view back', () => {
    const device = new Map<string, string>();
    const live = page(device);
    on(live);
    rememberView('gone', 'seat2-gone', viewOf('gone', 3));
    rememberView('open', 'seat1-open', viewOf('open', 5));
    const other = page(device);
    on(other);
    forgetViews('gone'); // the page that was answered 404

    on(live); // still showing its table live, its copy not yet up to date: a newer view comes
    rememberView('open', 'seat1-open', viewOf('open', 6));
    expect(named(device, 'gone'), 'nothing of the table gone is on the device').toEqual([]);
    live.catchUp();
    expect(recallView('gone', 'seat2-gone')).toBeNull();
    expect(recallView('open', 'seat1-open')?.view.version).toBe(6);
  });

  it('nor one a link refused (401) has removed, and a view another page kept meanwhile stays', () => {
    const device = new Map<string, string>();
    const live = page(device);
    const other = page(device);
    on(other);
    rememberView('t', 'old-link', viewOf('t', 1));
    on(live);
    rememberView('open', 'seat0-open', viewOf('open', 1));
    on(other);
    forgetView('t', 'old-link');
    rememberView('new', 'seat0-new', viewOf('new', 1));
    on(live);
    rememberView('open', 'seat0-open', viewOf('open', 2));
    live.catchUp();
    expect(recallView('t', 'old-link')).toBeNull();
    expect(recallView('new', 'seat0-new')?.view.version).toBe(1);
    expect(recallView('open', 'seat0-open')?.view.version).toBe(2);
  });
});

describe('the kept views', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('are kept for the 10 links used last; the view just written is always one of them', () => {
    const device = new Map<string, string>();
    on(page(device));
    const at = new Date('2026-12-01T10:00:00.000Z'); // all at once: the order of the time alone cannot tell them apart
    for (let i = 0; i < 12; i++) rememberView(`t${i}`, `seat0-t${i}`, viewOf(`t${i}`, i), at);
    expect([...device.keys()].filter((key) => key.startsWith('wallachen.lastView.'))).toHaveLength(10);
    expect(recallView('t11', 'seat0-t11')?.view.version).toBe(11);
    rememberView('t0', 'seat0-t0', viewOf('t0', 20), new Date('2026-12-01T11:00:00.000Z'));
    expect(recallView('t0', 'seat0-t0')?.view.version).toBe(20);
  });

  it('are shown for the very link only; the one list kept before each view had its key goes with the first view written', () => {
    const device = new Map<string, string>();
    on(page(device));
    const before = [{ tableId: 'a', token: 'seat0-a', savedAt: '2026-11-30T10:00:00.000Z', view: viewOf('a', 4) }];
    localStorage.setItem('wallachen.lastViews', JSON.stringify(before));
    rememberView('b', 'seat1-b', viewOf('b', 2));
    expect(recallView('b', 'seat1-b')?.view.version).toBe(2);
    expect(recallView('b', 'seat0-b'), "another link of the table: not this link's view").toBeNull();
    expect([...device.keys()]).toEqual(['wallachen.lastView.b.seat1-b']);
  });
});
