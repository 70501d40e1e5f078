/** A seat's turn notices: a mail address and/or a webhook (API.md, PUT …/notifications). */
import { useState } from 'preact/hooks';
import { ApiError, fetchNotifications, saveNotifications, type NotificationSettings } from '../api.js';
import { useApp } from '../app-context.js';
import { errorText, type Language } from '../i18n.js';

export function Notifications({ tableId, token }: { tableId: string; token: string }) {
  const { t, prefs } = useApp();
  const [saved, setSaved] = useState<NotificationSettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** What is set now, read when the form is opened: the fields start from it and its states are shown. */
  const [current, setCurrent] = useState<NotificationSettings | null>(null);
  const load = (event: Event) => {
    if (!(event.currentTarget as HTMLDetailsElement).open || current !== null) return;
    fetchNotifications(tableId, token).then(setCurrent, () => {});
  };
  const shown = saved ?? current;
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const value = (name: string) => String(form.get(name) ?? '').trim() || null;
    setBusy(true);
    setError(null);
    try {
      // The mails come in the language of this page (API.md: `lang`; the server writes both without it).
      const settings: Parameters<typeof saveNotifications>[2] & { lang: Language } = {
        email: value('email'),
        webhookUrl: value('webhookUrl'),
        lang: prefs.lang,
      };
      const answer = await saveNotifications(tableId, token, settings);
      setSaved(answer);
      setCurrent(answer);
    } catch (err) {
      setError(err instanceof ApiError ? errorText(t, err) : t('errorGeneric', { message: String(err) }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <details class="notifications" onToggle={load}>
      <summary>{t('noticesTitle')}</summary>
      <form class="create" onSubmit={submit}>
        <p class="help">{t('noticesHelp')}</p>
        <div class="option">
          <label>
            {t('noticesEmail')}{' '}
            <input
              type="email"
              name="email"
              maxLength={254}
              autoComplete="email"
              key={`e${current?.email ?? ''}`}
              defaultValue={current?.email ?? ''}
            />
          </label>
        </div>
        <div class="option">
          <label>
            {t('noticesWebhook')}{' '}
            <input
              type="url"
              name="webhookUrl"
              maxLength={2000}
              placeholder="https://"
              key={`w${current?.webhookUrl ?? ''}`}
              defaultValue={current?.webhookUrl ?? ''}
            />
          </label>
        </div>
        <button type="submit" class="primary" disabled={busy}>
          {t('noticesSave')}
        </button>
        {error !== null ? (
          <p class="error" role="alert" data-error>
            {error}
          </p>
        ) : null}
        {shown?.emailState === 'unconfirmed' ? <p data-email-state="unconfirmed">{t('noticesUnconfirmed')}</p> : null}
        {shown?.emailState === 'unsubscribed' ? <p data-email-state="unsubscribed">{t('noticesUnsubscribed')}</p> : null}
        {shown?.webhookState === 'disabled' ? (
          <p class="error" data-webhook-state="disabled">
            {t('noticesWebhookDisabled')}
          </p>
        ) : null}
        {saved !== null ? (
          <p role="status">
            {t('noticesSaved')} {saved.webhookSecret ? t('noticesSecret', { secret: saved.webhookSecret }) : ''}
          </p>
        ) : null}
      </form>
    </details>
  );
}
