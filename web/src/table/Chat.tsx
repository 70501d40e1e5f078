/**
 * The table's chat beside the game (README, "Table chat"). On a phone it is a folded bar in
 * the page's flow below the own hand, with the number of unread messages; opened, it pushes
 * what follows down and never lies over the trick, the hand or the controls. On a desktop it
 * sits in the column beside the table, open. Messages are shown as text (never HTML), each
 * isolated so that its writing direction cannot turn the text around it.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { ApiError, type TableView } from '../api.js';
import { useApp } from '../app-context.js';
import { errorText } from '../i18n.js';
import { Name } from '../names.js';
import { formatTime, seatName } from './format.js';
import { useChat } from './useChat.js';
import type { TableState } from './useTable.js';
import { TEXT_LIMITS } from '../../../shared/limits.js';

/** As the server counts (code points, after trimming): an emoji is one character. */
export const CHAT_MAX_CHARS = TEXT_LIMITS.chatChars;
const charsOf = (text: string): number => Array.from(text.trim()).length;

export function Chat({ tableId, token, view, table }: { tableId: string; token: string; view: TableView; table: TableState }) {
  const { t, prefs } = useApp();
  const chat = useChat(tableId, token, view.seat, table, view.chat);
  // Open beside the table on a desktop; folded to a bar below the hand on a phone.
  const [open, setOpen] = useState(() => matchMedia('(min-width: 900px)').matches);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const atEnd = useRef(true);

  const { messages, markRead } = chat;
  useEffect(() => {
    if (open) markRead();
  }, [open, messages, markRead]);
  // New messages scroll into view, unless the reader scrolled up to read older ones.
  useLayoutEffect(() => {
    const element = list.current;
    if (open && element !== null && atEnd.current) element.scrollTop = element.scrollHeight;
  }, [open, messages]);

  if (!view.chat) return null;
  const writer = view.seat !== null && !view.seats[view.seat]!.bot;
  const length = charsOf(text);
  const over = length > CHAT_MAX_CHARS;

  const send = async () => {
    if (length === 0 || over || sending) return;
    setSending(true);
    setError(null);
    try {
      await chat.send(text);
      setText('');
      atEnd.current = true;
    } catch (err) {
      setError(err instanceof ApiError ? errorText(t, err) : t('errorGeneric', { message: String(err) }));
    } finally {
      setSending(false);
    }
  };

  return (
    <details class="chat" data-chat open={open} onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}>
      <summary>
        <span class="chat-title">{t('chatTitle')}</span>
        {chat.unread > 0 && !open ? (
          <span class="chat-unread" data-chat-unread={chat.unread} aria-label={t('chatUnread', { n: chat.unread })}>
            {chat.unread}
          </span>
        ) : null}
      </summary>
      <ol
        class="chat-messages"
        data-chat-messages
        ref={list}
        aria-live="polite"
        aria-label={t('chatTitle')}
        onScroll={(event) => {
          const e = event.currentTarget as HTMLOListElement;
          atEnd.current = e.scrollHeight - e.scrollTop - e.clientHeight < 24;
        }}
      >
        {/* While the messages load, the line saying there are none keeps its place: the form below does not move when they come. */}
        {messages === null ? (
          <li class="chat-empty reserve" aria-hidden="true">
            {t('chatEmpty')}
          </li>
        ) : messages.length === 0 ? (
          <li class="chat-empty">{t('chatEmpty')}</li>
        ) : null}
        {(messages ?? []).map((m) => (
          <li key={m.id} class={m.seat === view.seat ? 'mine' : undefined} data-chat-message={m.id} data-chat-seat={m.seat}>
            <span class="chat-meta">
              <span class="chat-name">{m.seat === view.seat ? t('chatYou') : <Name name={seatName(view, m.seat)} />}</span>{' '}
              <time dateTime={m.at}>{formatTime(m.at, prefs.lang)}</time>
            </span>
            <span class="chat-text" dir="auto">
              {m.text}
            </span>
          </li>
        ))}
      </ol>
      {chat.loadError !== null ? (
        <p class="error" role="status">
          {t('chatLoadFailed', { reason: errorText(t, chat.loadError) })}
        </p>
      ) : null}
      {writer ? (
        <form
          class="chat-form"
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <label class="chat-label" for="chat-input">
            {t('chatInput')}
          </label>
          <textarea
            id="chat-input"
            name="chat"
            rows={2}
            value={text}
            dir="auto"
            aria-describedby="chat-count"
            aria-invalid={over}
            onInput={(event) => {
              setText((event.currentTarget as HTMLTextAreaElement).value);
              setError(null);
            }}
            onKeyDown={(event) => {
              // Enter sends, Shift+Enter starts a new line; never while an input method is composing a character.
              if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
                event.preventDefault();
                void send();
              }
            }}
          />
          <div class="chat-foot">
            <span id="chat-count" class={`chat-count${over ? ' over' : ''}`} data-chat-count>
              {over ? t('chatTooLong', { n: length - CHAT_MAX_CHARS }) : t('chatLeft', { n: CHAT_MAX_CHARS - length })}
            </span>
            <button type="submit" data-chat-send disabled={length === 0 || over || sending}>
              {t('chatSend')}
            </button>
          </div>
          {error !== null ? (
            <p class="error" role="alert" data-chat-error>
              {error}
            </p>
          ) : null}
        </form>
      ) : (
        <p class="help">{view.seat === null ? t('chatSpectator') : t('chatBotSeat')}</p>
      )}
    </details>
  );
}
