/**
 * A seat's turn notices: a mail address, a webhook and/or pushes to its devices (API.md, GET and PUT
 * …/notifications). What is set is read as the page opens: the summary says it at a glance,
 * the fields start from it with the state of each, and a save sends only what was changed.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { ACTIVE_SEAT_MINUTES } from '../../../shared/deadline.js';
import { ApiError } from '../api.js';
import { fetchNotifications, saveNotifications, type ConfirmationOutcome, type MailMode, type NotificationSettings } from '../api-later.js';
import { useApp } from '../app-context.js';
import { errorText } from '../i18n.js';
import { DeliveryLog } from './DeliveryLog.js';
import { notificationsChange, type NotificationFields } from './notifications-change.js';
import { PushToggle } from './PushToggle.js';
import { settingsTranslator, type SettingsTextKey, type SettingsTranslate } from './settings-texts.js';
import { TEXT_LIMITS } from '../../../shared/limits.js';
import type { Seat } from '../../../shared/options.js';

type Field = 'email' | 'webhookUrl';
type Fields = NotificationFields & { readonly mail: MailMode };

/**
 * How the seat is told now, in a few words: the channels that work (an unsubscribed address
 * or a webhook turned off do not; an address not confirmed at this table is said to wait for it).
 */
function summaryOf(settings: NotificationSettings, st: SettingsTranslate): string {
  const ways: string[] = [];
  if (settings.email !== null && settings.emailState === 'unconfirmed' && settings.mail !== 'off')
    ways.push(st('noticesSummaryUnconfirmed', { email: settings.email }));
  else if (settings.email !== null && settings.emailState !== 'unsubscribed' && settings.mail !== 'off')
    ways.push(st(settings.mail === 'digest' ? 'noticesSummaryDigest' : 'noticesSummaryMail', { email: settings.email }));
  if (settings.webhookUrl !== null && settings.webhookState !== 'disabled') ways.push(st('noticesSummaryWebhook'));
  if ((settings.push?.devices ?? 0) > 0) ways.push(st('pushSummary', { n: settings.push!.devices }));
  return ways.length === 0 ? st('noticesSummaryOff') : ways.join(', ');
}

/** What the address's line says: what became of the confirmation mail the last save asked for, else its state at this table. */
function emailLine(settings: NotificationSettings, confirmation: ConfirmationOutcome | null, st: SettingsTranslate): string | null {
  if (confirmation !== null) {
    const key: SettingsTextKey = `confirmation_${confirmation}`;
    return st(key);
  }
  switch (settings.emailState) {
    case 'confirmed':
      return st('noticesEmailConfirmed');
    case 'unconfirmed':
      return st('noticesUnconfirmed');
    case 'unsubscribed':
      return st('noticesUnsubscribed');
    default:
      return null;
  }
}

export function Notifications({ tableId, token, seat }: { tableId: string; token: string; seat: Seat }) {
  const { t, prefs } = useApp();
  const st = settingsTranslator(useApp().prefs.lang);
  /** What the server says is set: read when the page opens, then what each save answered. */
  const [current, setCurrent] = useState<NotificationSettings | null>(null);
  const [fields, setFields] = useState<Fields>({ email: '', webhookUrl: '', mail: 'turn' });
  /** Fields typed in before the settings arrived keep what was typed. */
  const edited = useRef<Record<Field | 'mail', boolean>>({ email: false, webhookUrl: false, mail: false });
  const [status, setStatus] = useState<'saved' | 'unchanged' | null>(null);
  /** What the last save answered of the confirmation mail it asked for (only a save with an address asks). */
  const [confirmation, setConfirmation] = useState<ConfirmationOutcome | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const messageOf = (err: unknown) => (err instanceof ApiError ? errorText(t, err) : t('errorGeneric', { message: String(err) }));

  const show = (settings: NotificationSettings) => {
    setCurrent(settings);
    setFields((typed) => ({
      email: edited.current.email ? typed.email : (settings.email ?? ''),
      webhookUrl: edited.current.webhookUrl ? typed.webhookUrl : (settings.webhookUrl ?? ''),
      mail: edited.current.mail ? typed.mail : (settings.mail ?? 'turn'),
    }));
  };

  const load = () => {
    setError(null);
    fetchNotifications(tableId, token).then(show, (err: unknown) => setError(messageOf(err)));
  };
  useEffect(load, [tableId, token]);

  const type = (field: Field | 'mail') => (event: Event) => {
    edited.current[field] = true;
    const value = (event.currentTarget as HTMLInputElement | HTMLSelectElement).value;
    setFields((typed) => ({ ...typed, [field]: value }));
    setStatus(null);
    if (field === 'email') setConfirmation(null);
  };

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (current === null) return;
    // Only what was changed: a field left out keeps its value (saving a webhook never clears the mail).
    const change = notificationsChange(current, fields, prefs.lang);
    if (change === null) {
      setStatus('unchanged');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await saveNotifications(tableId, token, change);
      edited.current = { email: false, webhookUrl: false, mail: false };
      show(answer);
      setConfirmation(answer.confirmation ?? null);
      setStatus('saved');
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  /** Asks this table's confirmation mail again for the address as saved (PUT with it alone). */
  const resend = async () => {
    if (current?.email == null) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await saveNotifications(tableId, token, { email: current.email, lang: prefs.lang });
      show(answer);
      setConfirmation(answer.confirmation ?? null);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <details
      class="notifications"
      onToggle={(event) => {
        // A first read that failed is tried again when the form is opened.
        if ((event.currentTarget as HTMLDetailsElement).open && current === null) load();
      }}
    >
      <summary>
        {st('noticesTitle')}
        {current !== null ? <span data-notices-summary>{`: ${summaryOf(current, st)}`}</span> : null}
      </summary>
      <form class="create" onSubmit={submit}>
        <p class="help">{st('noticesHelp')}</p>
        <div class="option">
          <label>
            {st('noticesEmail')}{' '}
            <input type="email" name="email" maxLength={TEXT_LIMITS.email} autoComplete="email" value={fields.email} onInput={type('email')} />
          </label>
          {current?.email != null && current.email === fields.email.trim() ? (
            <p class="help" data-email-state={current.emailState ?? undefined} data-confirmation={confirmation ?? undefined}>
              {emailLine(current, confirmation, st)}
              {current.emailState === 'unconfirmed' && confirmation === null ? (
                <>
                  {' '}
                  <button type="button" class="link" data-resend-confirmation disabled={busy} onClick={resend}>
                    {st('noticesResendConfirmation')}
                  </button>
                </>
              ) : null}
            </p>
          ) : null}
          <label>
            {st('noticesMailMode')}{' '}
            <select name="mail" value={fields.mail} onChange={type('mail')}>
              <option value="turn">{st('noticesMailTurn')}</option>
              <option value="digest">{st('noticesMailDigest')}</option>
              <option value="off">{st('noticesMailOff')}</option>
            </select>
          </label>
        </div>
        <div class="option">
          <label>
            {st('noticesWebhook')}{' '}
            <input
              type="url"
              name="webhookUrl"
              maxLength={TEXT_LIMITS.url}
              placeholder="https://"
              value={fields.webhookUrl}
              onInput={type('webhookUrl')}
            />
          </label>
          {current?.webhookUrl != null && current.webhookUrl === fields.webhookUrl.trim() ? (
            current.webhookState === 'disabled' ? (
              <p class="error" data-webhook-state="disabled">
                {t('noticesWebhookDisabled')}
              </p>
            ) : (
              <p class="help" data-webhook-state="active">
                {st('noticesWebhookActive')} {current.webhookSecret ? st('noticesSecret', { secret: current.webhookSecret }) : ''}
              </p>
            )
          ) : null}
        </div>
        <PushToggle tableId={tableId} token={token} seat={seat} settings={current} onChange={show} />
        <p class="help">{st('noticesQuiet', { minutes: ACTIVE_SEAT_MINUTES })}</p>
        <button type="submit" class="primary" disabled={busy || current === null}>
          {st('noticesSave')}
        </button>
        {error !== null ? (
          <p class="error" role="alert" data-error>
            {error}
          </p>
        ) : null}
        {status !== null ? <p role="status">{st(status === 'saved' ? 'noticesSaved' : 'noticesUnchanged')}</p> : null}
        <DeliveryLog tableId={tableId} token={token} />
      </form>
    </details>
  );
}
