/**
 * The seat's opt-in, in the ☰ menu: its forced cards (one legal card, nothing else to
 * decide) are played for it, after a delay drawn from its own pace so that the others
 * cannot tell (worker/table/forced-delay.ts; the help text says so). Kept by the server per
 * table and seat (PUT …/preferences), so it holds on every device and while the page is closed.
 */
import { useState } from 'preact/hooks';
import { ApiError } from '../api.js';
import { savePreferences } from '../api-later.js';
import { useApp } from '../app-context.js';
import { errorText } from '../i18n.js';

export function AutoForcedToggle({ tableId, token, initial }: { tableId: string; token: string; initial: boolean }) {
  const { t } = useApp();
  const [on, setOn] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const change = async (next: boolean) => {
    // Shown as chosen at once; put back should the server not keep it.
    setOn(next);
    setBusy(true);
    setError(null);
    try {
      setOn((await savePreferences(tableId, token, next)).autoForced);
    } catch (err) {
      setOn(!next);
      setError(t('autoForcedFailed', { reason: err instanceof ApiError ? errorText(t, err) : String(err) }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <label class="toggle" title={t('autoForcedHelp')}>
        <input type="checkbox" data-auto-forced checked={on} disabled={busy} onChange={(e) => void change(e.currentTarget.checked)} />
        {t('autoForced')}
      </label>
      {error !== null ? (
        <span class="error" role="alert">
          {error}
        </span>
      ) : null}
    </>
  );
}
