/**
 * The embed page's messages to the site framing it (API.md "Embedding"), version 1:
 * `{type, version: 1, tableId, ...}` with type `wallachen:ready`, `wallachen:turn` (this
 * seat owes a move), `wallachen:game-over` (`gameNumber`, `seriesOver`), `wallachen:resize`
 * (`height`, CSS pixels). Never a card, a hand or a token: only what the host may know.
 *
 * Sent only to the embedding origin, and only once it is known: from
 * `location.ancestorOrigins` where the browser has it (Chromium, Safari), else from the
 * `wallachen:hello` that /embed.js sends into the frame, whose `event.origin` the browser
 * vouches for. Until then nothing is sent (what is current then is sent on the hello).
 * The host may send `wallachen:theme` (`theme`: light or dark), taken only from that origin.
 */

export const EMBED_PROTOCOL_VERSION = 1;

export type HostEvent =
  | { readonly type: 'wallachen:ready'; readonly seat: number | null }
  | { readonly type: 'wallachen:turn'; readonly gameNumber: number; readonly version: number }
  | { readonly type: 'wallachen:game-over'; readonly gameNumber: number; readonly seriesOver: boolean }
  | { readonly type: 'wallachen:resize'; readonly height: number };

type Theme = 'light' | 'dark';

/** The direct parent's origin as the browser reports it, or null (not framed, or a browser without ancestorOrigins). */
function reportedParentOrigin(): string | null {
  const ancestors = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  const first = ancestors !== undefined && ancestors.length > 0 ? ancestors.item(0) : null;
  // "null": an opaque origin (a sandboxed frame): nothing can be addressed to it.
  return first === null || first === 'null' ? null : first;
}

export class HostBridge {
  private origin: string | null = null;
  /** What holds now (ready, the height, a move owed): sent again on every hello, so a host that says it late still learns it. */
  private readonly current = new Map<HostEvent['type'], HostEvent>();
  /** Moments (a game's end) before the host was known: sent on its first hello. */
  private held: HostEvent[] = [];

  constructor(
    private readonly tableId: string,
    private readonly onTheme: (theme: Theme) => void,
    private readonly parent: Window | null = window.parent === window ? null : window.parent,
  ) {
    if (this.parent === null) return;
    this.origin = reportedParentOrigin();
    addEventListener('message', this.onMessage);
  }

  stop(): void {
    removeEventListener('message', this.onMessage);
  }

  send(event: HostEvent): void {
    if (this.parent === null) return;
    if (event.type === 'wallachen:game-over') {
      if (this.origin === null) this.held.push(event);
      else this.post(event);
      return;
    }
    const before = this.current.get(event.type);
    this.current.set(event.type, event);
    if (before !== undefined && JSON.stringify(before) === JSON.stringify(event)) return;
    if (this.origin !== null) this.post(event);
  }

  /** What no longer holds (the move was made): not sent again on a later hello. */
  withdraw(type: HostEvent['type']): void {
    this.current.delete(type);
  }

  private post(event: HostEvent): void {
    this.parent!.postMessage({ ...event, version: EMBED_PROTOCOL_VERSION, tableId: this.tableId }, this.origin!);
  }

  private readonly onMessage = (event: MessageEvent): void => {
    if (event.source !== this.parent) return;
    const data = event.data as { type?: unknown; theme?: unknown } | null;
    if (data === null || typeof data !== 'object') return;
    if (data.type === 'wallachen:hello') {
      // The browser's event.origin, never a claim in the message; where ancestorOrigins told it already, it must agree.
      if (this.origin !== null && this.origin !== event.origin) return;
      this.origin = event.origin;
      const ready = this.current.get('wallachen:ready');
      if (ready !== undefined) this.post(ready);
      for (const [type, now] of this.current) if (type !== 'wallachen:ready') this.post(now);
      for (const moment of this.held) this.post(moment);
      this.held = [];
      return;
    }
    if (this.origin === null || event.origin !== this.origin) return;
    if (data.type === 'wallachen:theme' && (data.theme === 'light' || data.theme === 'dark')) this.onTheme(data.theme);
  };
}
