/** A seat's turn notices: a mail address and/or a webhook (API.md, PUT …/notifications). */
import { useState } from 'preact/hooks';
import { ApiError, saveNotifications, type NotificationSettings } from '../api.js';
import { useApp } from '../app-context.js';
import type { Language } from '../i18n.js';

export function Notifications({ tableId, token }: { tableId: string; token: string }) {
  const { t, prefs } = useApp();
  const [saved, setSaved] = useState<NotificationSettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const value = (name: string) => String(form.get(name) ?? '').trim() || null;
    setBusy(true);
    setError(null);
    try {
      // The mails come in the language of this page (API.md: `lang`; the server writes both without it).
      const settings: Parameters<typeof saveNotifications>[2] & { lang: Language } = { email: value('email'), webhookUrl: value('webhookUrl'), lang: prefs.lang };
      setSaved(await saveNotifications(tableId, token, settings));
    } catch (err) {
      setError(err instanceof ApiError && err.code === 'network' ? t('errorNetwork') : t('errorGeneric', { message: err instanceof Error ? err.message : String(err) }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <details class="notifications">
      <summary>{t('noticesTitle')}</summary>
      <form class="create" onSubmit={submit}>
        <p class="help">{t('noticesHelp')}</p>
        <div class="option">
          <label>
            {t('noticesEmail')} <input type="email" name="email" maxLength={254} autoComplete="email" />
          </label>
        </div>
        <div class="option">
          <label>
            {t('noticesWebhook')} <input type="url" name="webhookUrl" maxLength={2000} placeholder="https://" />
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
        {saved !== null ? (
          <p role="status">
            {t('noticesSaved')} {saved.webhookSecret ? t('noticesSecret', { secret: saved.webhookSecret }) : ''}
          </p>
        ) : null}
      </form>
    </details>
  );
}
