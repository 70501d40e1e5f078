/**
 * The seat's delivery log (API.md, GET …/deliveries): its last attempts to be told
 * something, newest first, so that a player can see why a mail or a webhook did not come.
 * Read when opened (and on demand), not with every page: it costs a read.
 */
import { useState } from 'preact/hooks';
import { ApiError } from '../api.js';
import { fetchDeliveries, type DeliveryAttempt } from '../api-later.js';
import { useApp } from '../app-context.js';
import { errorText } from '../i18n.js';
import { formatTime } from './format.js';
import { settingsTranslator, type SettingsTextKey } from './settings-texts.js';

/** The channels, events and outcomes the server names, in the reader's words. */
const NAMES: Readonly<Record<string, SettingsTextKey>> = {
  webhook: 'deliveryWebhook',
  email: 'deliveryEmail',
  push: 'deliveryPush',
  digest: 'deliveryDigest',
  turn: 'deliveryTurn',
  reminder: 'deliveryReminder',
  game_over: 'deliveryGameOver',
  table_over: 'deliveryTableOver',
  confirmation: 'deliveryConfirmation',
  answer: 'deliveryAnswer',
  sent: 'deliverySent',
  failed: 'deliveryFailed',
  gone: 'deliveryGone',
  dropped: 'deliveryDropped',
  queued: 'deliveryQueued',
};

export function DeliveryLog({ tableId, token }: { tableId: string; token: string }) {
  const { t, prefs } = useApp();
  const st = settingsTranslator(useApp().prefs.lang);
  const [attempts, setAttempts] = useState<DeliveryAttempt[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = () => {
    setError(null);
    fetchDeliveries(tableId, token).then(
      (answer) => setAttempts(answer.deliveries),
      (err: unknown) => setError(err instanceof ApiError ? errorText(t, err) : t('errorGeneric', { message: String(err) })),
    );
  };

  // Names the page does not know (a newer server's) are shown as the server names them.
  const named = (value: string) => (value in NAMES ? st(NAMES[value]!) : value);

  return (
    <details
      class="delivery-log"
      data-delivery-log
      onToggle={(event) => {
        if ((event.currentTarget as HTMLDetailsElement).open) load();
      }}
    >
      <summary>{st('deliveryLogTitle')}</summary>
      {attempts === null && error === null ? <p class="help">{st('deliveryLogLoading')}</p> : null}
      {attempts !== null && attempts.length === 0 ? <p class="help">{st('deliveryLogEmpty')}</p> : null}
      {attempts !== null && attempts.length > 0 ? (
        <ol class="move-log">
          {attempts.map((a, i) => (
            <li key={`${a.at}-${i}`} data-delivery data-channel={a.channel} data-outcome={a.outcome}>
              {`${formatTime(a.at, prefs.lang)} · ${named(a.channel)} · ${a.event === 'digest' ? st('deliveryDigestMail') : named(a.event)} · ${named(a.outcome)}`}
              {a.detail === undefined ? '' : ` (${a.detail})`}
            </li>
          ))}
        </ol>
      ) : null}
      {error !== null ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="button" class="secondary" onClick={load}>
        {st('deliveryLogRefresh')}
      </button>
    </details>
  );
}
