/**
 * "Notify me on this device" in a seat's notification settings: the browser asks for
 * permission only when it is pressed; the subscription goes to the table with PUT
 * …/notifications (`push`), and turning it off removes this device only (`pushRemove`):
 * the browser's subscription stays, as other tables may use it.
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '../api.js';
import { saveNotifications, type NotificationSettings } from '../api-later.js';
import { useApp } from '../app-context.js';
import { errorText } from '../i18n.js';
import type { Seat } from '../../../shared/options.js';
import { currentSubscription, permission, PermissionDenied, pushSupported, subscribe } from './push-device.js';
import { notePushHere, pushOnHere } from './push-links.js';
import { settingsTranslator } from './settings-texts.js';

type State = 'unsupported' | 'denied' | 'on' | 'off';

function initialState(tableId: string, token: string): State {
  if (!pushSupported()) return 'unsupported';
  if (permission() === 'denied') return 'denied';
  return pushOnHere(tableId, token) && permission() === 'granted' ? 'on' : 'off';
}

export function PushToggle({
  tableId,
  token,
  seat,
  settings,
  onChange,
}: {
  tableId: string;
  token: string;
  seat: Seat;
  settings: NotificationSettings | null;
  onChange: (settings: NotificationSettings) => void;
}) {
  const { t } = useApp();
  const st = settingsTranslator(useApp().prefs.lang);
  const [state, setState] = useState<State>(() => initialState(tableId, token));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // A device noted as on whose browser subscription is gone (site data cleared) is off. One noted
  // before its seat was is noted again with it: a push's notification finds the link by its seat (seat-link.ts).
  useEffect(() => {
    if (state !== 'on') return;
    notePushHere(tableId, token, true, seat);
    currentSubscription().then(
      (subscription) => subscription === null && setState('off'),
      () => {},
    );
  }, []);

  const turnOn = async () => {
    setBusy(true);
    setError(null);
    try {
      const push = await subscribe();
      onChange(await saveNotifications(tableId, token, { push }));
      notePushHere(tableId, token, true, seat);
      setState('on');
    } catch (err) {
      if (err instanceof PermissionDenied) setState(permission() === 'denied' ? 'denied' : 'off');
      else if (err instanceof ApiError && err.code === 'not_configured') setError(st('pushNotConfigured'));
      else setError(st('pushFailed', { reason: err instanceof ApiError ? errorText(t, err) : String(err) }));
    } finally {
      setBusy(false);
    }
  };

  const turnOff = async () => {
    setBusy(true);
    setError(null);
    try {
      const subscription = await currentSubscription();
      if (subscription !== null) onChange(await saveNotifications(tableId, token, { pushRemove: subscription.endpoint }));
      notePushHere(tableId, token, false);
      setState('off');
    } catch (err) {
      setError(err instanceof ApiError ? errorText(t, err) : String(err));
    } finally {
      setBusy(false);
    }
  };

  const devices = settings?.push?.devices ?? 0;
  return (
    <div class="option push-toggle" data-push-state={state}>
      <p>
        <strong>{st('pushTitle')}</strong>
      </p>
      {state === 'unsupported' ? <p class="help">{st('pushUnsupported')}</p> : null}
      {state === 'denied' ? <p class="help">{st('pushDenied')}</p> : null}
      {state === 'on' || state === 'off' ? <p class="help">{st(state === 'on' ? 'pushOn' : 'pushOff')}</p> : null}
      {state !== 'unsupported' ? (
        <button type="button" class="secondary" data-push-toggle disabled={busy} onClick={state === 'on' ? turnOff : turnOn}>
          {st(state === 'on' ? 'pushDisable' : 'pushEnable')}
        </button>
      ) : null}
      {devices > 0 ? (
        <p class="help" data-push-devices={devices}>
          {st('pushOtherDevices', { n: devices })}
        </p>
      ) : null}
      {error !== null ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
