/**
 * The table's chat as a page sees it (API.md, "Chat"): the newest messages read when the page
 * opens, each new one pushed over the table's live connection, what was missed read after a
 * reconnect, and how many the reader has not seen (the last message read is kept per table
 * and link's seat in localStorage, so a reload or another tab of the same seat agrees).
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { Seat } from '../../../shared/options.js';
import { ApiError, type ChatMessage } from '../api.js';
import { fetchChat, postChat } from '../api-later.js';
import { readStored, writeStored } from '../prefs.js';
import type { TableState } from './useTable.js';

export interface ChatState {
  /** Oldest first; null until first read. */
  readonly messages: readonly ChatMessage[] | null;
  /** Why the chat could not be read (it is tried again when the connection comes back). */
  readonly loadError: ApiError | null;
  /** Messages of the others newer than the last one read. */
  readonly unread: number;
  /** The reader has seen every message shown (the chat is open). */
  readonly markRead: () => void;
  /** Writes a message; resolves when the table kept it, rejects with the refusal. */
  readonly send: (text: string) => Promise<void>;
}

/** Where the last message read is kept: per table and per seat (a spectator's tab and a seat's on one device differ). */
const readKey = (tableId: string, seat: Seat | null) => `wallachen.chatRead.${tableId}.${seat ?? 'spectator'}`;

/** Adds `added` to `known`: each id once, oldest first. */
function merged(known: readonly ChatMessage[] | null, added: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map((known ?? []).map((m) => [m.id, m]));
  for (const m of added) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export function useChat(tableId: string, token: string, seat: Seat | null, table: TableState, enabled: boolean): ChatState {
  const [messages, setMessages] = useState<readonly ChatMessage[] | null>(null);
  const [loadError, setLoadError] = useState<ApiError | null>(null);
  const [lastRead, setLastRead] = useState<number>(() => Number(readStored(readKey(tableId, seat)) ?? 0) || 0);
  const newest = useRef(0);
  newest.current = messages?.at(-1)?.id ?? 0;

  const add = useCallback((added: readonly ChatMessage[]) => {
    if (added.length > 0) setMessages((known) => merged(known, added));
  }, []);

  /** What was written since the newest message shown (after a lost connection), page by page. */
  const catchUp = useCallback(async () => {
    try {
      if (newest.current === 0) {
        const page = await fetchChat(tableId, token);
        setMessages((known) => merged(known, page.messages));
      } else {
        for (let after: number | undefined = newest.current; after !== undefined;) {
          const page = await fetchChat(tableId, token, after);
          add(page.messages);
          after = page.next;
        }
      }
      setLoadError(null);
    } catch (err) {
      setLoadError(err instanceof ApiError ? err : new ApiError(0, 'network', String(err)));
    }
  }, [tableId, token, add]);

  useEffect(() => {
    if (!enabled) return;
    void catchUp();
    return table.onChat((message) => add([message]));
  }, [enabled, table.onChat, catchUp, add]);

  // Back online: messages pushed meanwhile were lost with the connection.
  const wasLive = useRef(table.connection === 'live');
  useEffect(() => {
    const live = table.connection === 'live';
    if (enabled && live && !wasLive.current) void catchUp();
    wasLive.current = live;
  }, [enabled, table.connection, catchUp]);

  const markRead = useCallback(() => {
    const id = newest.current;
    setLastRead((read) => {
      if (id <= read) return read;
      writeStored(readKey(tableId, seat), String(id));
      return id;
    });
  }, [tableId, seat]);

  const send = useCallback(
    async (text: string) => {
      const { message } = await postChat(tableId, token, text);
      add([message]);
    },
    [tableId, token, add],
  );

  const unread = (messages ?? []).filter((m) => m.id > lastRead && m.seat !== seat).length;
  return { messages, loadError, unread, markRead, send };
}
