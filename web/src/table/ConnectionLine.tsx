/**
 * Whether the table shown is live: connected, connecting, or offline; and while the view
 * shown is the one this device kept from its last visit (useTable's savedAt), that it is
 * being brought up to date (or, offline, when it was received: it may be outdated).
 * One line whose place and size do not change when the live view comes.
 */
import { useApp } from '../app-context.js';
import { formatTime } from './format.js';
import type { TableState } from './useTable.js';

export function ConnectionLine({ table }: { table: Pick<TableState, 'connection' | 'savedAt'> }) {
  const { t, prefs } = useApp();
  const { connection, savedAt } = table;
  // Offline, when it was seen matters; while it is brought up to date, it does not (and the
  // first date formatted costs a slow phone's first paint tens of milliseconds).
  const text =
    savedAt === null
      ? { live: t('connectionLive'), connecting: t('connectionConnecting'), offline: t('connectionOffline') }[connection]
      : connection === 'offline'
        ? t('pushLastView', { time: formatTime(savedAt, prefs.lang) })
        : t('keptView');
  // Connecting and the kept view become live without warning: the line keeps the width of the
  // widest of those texts, so nothing beside or below it moves when one replaces another.
  const steady = connection === 'offline' ? [] : [t('connectionLive'), t('connectionConnecting'), t('keptView')];
  return (
    <p class={`connection ${connection}`} role="status" data-last-view={savedAt ?? undefined}>
      <span class="dot" aria-hidden="true" />{' '}
      <span class="connection-text">
        <span>{text}</span>
        {steady
          .filter((other) => other !== text)
          .map((other) => (
            <span key={other} class="reserve" aria-hidden="true">
              {other}
            </span>
          ))}
      </span>
    </p>
  );
}

/** The controls wait while the admin holds the table (the server refuses them too) and while the view is the kept one. */
export const dockLocked = (view: { paused: boolean; ended: boolean }, table: Pick<TableState, 'savedAt'>): boolean =>
  view.paused || view.ended || table.savedAt !== null;
