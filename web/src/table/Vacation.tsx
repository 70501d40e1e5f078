/**
 * The seat's own vacation (API.md, "Deadlines"): take some hours off the clock, see what is
 * left this series, end it early. Shown to a person's seat at a table with a move deadline;
 * every seat sees the vacation in the seat panels (SeatPanel.tsx).
 */
import { useState } from 'preact/hooks';
import { vacationHoursAvailable } from '../../../shared/deadline.js';
import { ApiError, type TableView } from '../api.js';
import { takeVacation } from '../api-later.js';
import { useApp } from '../app-context.js';
import { errorText } from '../i18n.js';
import { formatTime } from './format.js';
import { vacationShown } from './vacation-shown.js';
import { settingsTranslator } from './settings-texts.js';

export function Vacation({ view, tableId, token, onView }: { view: TableView; tableId: string; token: string; onView: (view: TableView) => void }) {
  const { t, prefs } = useApp();
  const st = settingsTranslator(useApp().prefs.lang);
  const [hours, setHours] = useState('24');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const seat = view.seat;
  if (seat === null || view.seats[seat]!.bot || view.moveDeadlineHours === null || view.vacationHours === 0 || view.seriesOver) return null;
  const until = vacationShown(view, seat);
  const left = view.seats[seat]!.vacationHoursLeft;
  // The server's own rule: a new vacation takes the running one's place, which gives back its hours not yet begun.
  const possible = vacationHoursAvailable(left, until === null ? null : Date.parse(until), Date.now());

  const send = async (asked: number) => {
    setBusy(true);
    setError(null);
    try {
      onView(await takeVacation(tableId, token, asked));
    } catch (err) {
      setError(
        err instanceof ApiError && err.code === 'conflict'
          ? st('vacationTooLong', { n: possible })
          : err instanceof ApiError
            ? errorText(t, err)
            : t('errorGeneric', { message: String(err) }),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <details class="vacation" data-vacation-control open={until !== null}>
      <summary>
        {st('vacationTitle')}
        {until !== null ? `: ${t('onVacationUntil', { time: formatTime(until, prefs.lang) })}` : null}
      </summary>
      <form
        class="create"
        onSubmit={(event) => {
          event.preventDefault();
          void send(Number(hours));
        }}
      >
        <p class="help">{st('vacationHelp')}</p>
        {until !== null ? (
          <p data-vacation-until={until}>
            {st('vacationYoursUntil', { time: formatTime(until, prefs.lang) })}{' '}
            <button type="button" class="secondary" data-vacation-end disabled={busy} onClick={() => void send(0)}>
              {st('vacationEnd')}
            </button>
          </p>
        ) : null}
        {until !== null ? <p class="help">{st('vacationEndHelp')}</p> : null}
        <p data-vacation-left={left}>{st('vacationLeft', { n: left })}</p>
        {possible > 0 ? (
          <div class="option">
            <label>
              {st('vacationHours')}{' '}
              <input
                type="number"
                name="vacationHours"
                min={1}
                max={possible}
                step={1}
                inputMode="numeric"
                value={hours}
                onInput={(e) => setHours(e.currentTarget.value)}
                data-vacation-hours
              />
            </label>{' '}
            <button type="submit" class="primary" data-vacation-take disabled={busy}>
              {st(until === null ? 'vacationTake' : 'vacationReplace')}
            </button>
          </div>
        ) : null}
        {error !== null ? (
          <p class="error" role="alert" data-error>
            {error}
          </p>
        ) : null}
      </form>
    </details>
  );
}
