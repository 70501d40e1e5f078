/**
 * The embed page's messages to its host (web/src/embed/host-bridge.ts) where the browser has
 * no location.ancestorOrigins (Firefox): nothing before the host's hello, then only to the
 * hello's origin (the browser's event.origin), the current state first; a theme only from
 * that origin. Chromium's path (ancestorOrigins) runs in test/browser/embed-host.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HostBridge } from '../../web/src/embed/host-bridge.js';

type Listener = (event: MessageEvent) => void;
const HOST = 'https://club.example';

let listeners: Listener[] = [];
beforeEach(() => {
  listeners = [];
  Object.assign(globalThis, {
    location: {},
    addEventListener: (type: string, listener: Listener) => type === 'message' && listeners.push(listener),
    removeEventListener: (_type: string, listener: Listener) => (listeners = listeners.filter((l) => l !== listener)),
  });
});
afterEach(() => {
  const g = globalThis as Record<string, unknown>;
  delete g.location;
  delete g.addEventListener;
  delete g.removeEventListener;
});

function fakeParent() {
  const posted: { message: Record<string, unknown>; origin: string }[] = [];
  const parent = { postMessage: (message: Record<string, unknown>, origin: string) => posted.push({ message, origin }) };
  return { parent: parent as unknown as Window, posted };
}

const deliver = (source: unknown, origin: string, data: unknown) =>
  listeners.forEach((listener) => listener({ source, origin, data } as unknown as MessageEvent));

describe('HostBridge without ancestorOrigins', () => {
  it("sends nothing until the host's hello, then the current state to that origin only, the ready first", () => {
    const { parent, posted } = fakeParent();
    const themes: string[] = [];
    const bridge = new HostBridge('k3h8q2m5x7c9v4b6', (theme) => themes.push(theme), parent);
    bridge.send({ type: 'wallachen:resize', height: 400 });
    bridge.send({ type: 'wallachen:ready', seat: 1 });
    bridge.send({ type: 'wallachen:turn', gameNumber: 1, version: 7 });
    bridge.send({ type: 'wallachen:game-over', gameNumber: 1, seriesOver: false });
    expect(posted).toEqual([]);
    // Another window's hello (not the parent) is no host's.
    deliver({}, 'https://evil.example', { type: 'wallachen:hello', version: 1 });
    expect(posted).toEqual([]);
    deliver(parent, HOST, { type: 'wallachen:hello', version: 1, origin: 'https://claimed.example' });
    expect(posted.map((p) => p.origin)).toEqual([HOST, HOST, HOST, HOST]);
    expect(posted.map((p) => p.message.type)).toEqual(['wallachen:ready', 'wallachen:resize', 'wallachen:turn', 'wallachen:game-over']);
    for (const { message } of posted) expect(message).toMatchObject({ version: 1, tableId: 'k3h8q2m5x7c9v4b6' });
    expect(posted[1]!.message.height).toBe(400);

    // From now on at once; the same height twice is sent once.
    posted.length = 0;
    bridge.send({ type: 'wallachen:resize', height: 420 });
    bridge.send({ type: 'wallachen:resize', height: 420 });
    expect(posted.map((p) => p.message.height)).toEqual([420]);

    // The theme only from the host's origin and window; a hello from another origin changes nothing.
    deliver(parent, 'https://evil.example', { type: 'wallachen:theme', theme: 'dark' });
    deliver({}, HOST, { type: 'wallachen:theme', theme: 'dark' });
    deliver(parent, HOST, { type: 'wallachen:theme', theme: 'purple' });
    expect(themes).toEqual([]);
    deliver(parent, HOST, { type: 'wallachen:theme', theme: 'dark' });
    expect(themes).toEqual(['dark']);
    posted.length = 0;
    deliver(parent, 'https://evil.example', { type: 'wallachen:hello', version: 1 });
    expect(posted).toEqual([]);

    // A move made is withdrawn: a later hello hears the ready and the height, not an old turn.
    bridge.withdraw('wallachen:turn');
    deliver(parent, HOST, { type: 'wallachen:hello', version: 1 });
    expect(posted.map((p) => p.message.type)).toEqual(['wallachen:ready', 'wallachen:resize']);
    bridge.stop();
    expect(listeners).toEqual([]);
  });

  it('a page that is not framed sends nothing and listens to nothing', () => {
    const bridge = new HostBridge('k3h8q2m5x7c9v4b6', () => undefined, null);
    bridge.send({ type: 'wallachen:ready', seat: null });
    expect(listeners).toEqual([]);
  });
});
