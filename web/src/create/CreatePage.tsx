/**
 * Create a table: the table's name, the players and the number of games up front, every other
 * rule folded under "More rules" (its summary names the rules in plain words), then the share
 * screen with the four links.
 */
import { useState } from 'preact/hooks';
import { DEFAULT_OPTIONS, OPTION_LIMITS } from '../../../shared/options.js';
import { ApiError } from '../api.js';
import { createTable } from '../api-later.js';
import { useApp } from '../app-context.js';
import { errorText } from '../i18n.js';
import { rulesSummary, type SummarizedOptions } from './rules-summary.js';
import { saveTable, type SavedTable } from './saved-tables.js';
import type { CreateTranslate } from './texts.js';
import { YourTables } from './YourTables.js';
import { KIND_TEXT, SEAT_KINDS, ShareScreen, type SeatKind } from './ShareScreen.js';
import { Choice, NumberField, Toggle } from './fields.js';
import { useTexts } from './use-texts.js';
import { DEFAULT_ON_TIMEOUT, DEFAULT_VACATION_HOURS, MAX_MOVE_DEADLINE_HOURS, MAX_VACATION_HOURS } from '../../../shared/deadline.js';
import { TEXT_LIMITS } from '../../../shared/limits.js';

function optionsFrom(form: FormData): Record<string, unknown> {
  const flag = (name: string) => form.get(name) === 'on';
  const number = (name: string) => Number(form.get(name));
  const options: Record<string, unknown> = {
    doubling: flag('doubling'),
    tenTrickBid: flag('tenTrickBid'),
    allPass: form.get('allPass'),
    winDutyInBettel: flag('winDutyInBettel'),
    trump: form.get('trump'),
    trickHistory: form.get('trickHistory'),
    knock: flag('knock'),
    kontra: flag('kontra'),
    claims: flag('claims'),
    firstDealer: number('firstDealer'),
    games: number('games'),
    stakePerTrick: number('stakePerTrick'),
    flatTariff: number('flatTariff'),
  };
  // The pot's own options mean something only with the pot (R5.2, R5.4): the form shows and sends them only then.
  if (options.allPass === 'pot') {
    options.potStake = number('potStake');
    options.potTo = form.get('potTo');
    options.maxRedeals = number('maxRedeals');
  }
  const deadline = String(form.get('moveDeadlineHours') ?? '').trim();
  if (deadline !== '') options.moveDeadlineHours = Number(deadline);
  options.onTimeout = form.get('onTimeout');
  const vacation = String(form.get('vacationHours') ?? '').trim();
  if (vacation !== '') options.vacationHours = Number(vacation); // emptied: the server's default
  if (!flag('chat')) options.chat = 'off'; // on is the server's default
  return options;
}

const DEFAULT_RULES: SummarizedOptions = {
  ...DEFAULT_OPTIONS,
  moveDeadlineHours: null,
  onTimeout: DEFAULT_ON_TIMEOUT,
  vacationHours: DEFAULT_VACATION_HOURS,
};

/** What the form shows beyond its fields: the typed names, the number of games, and the rules for the summary. */
interface FormState {
  readonly names: readonly string[];
  readonly games: number;
  readonly deadline: number | null;
  readonly rules: SummarizedOptions;
}

const INITIAL_FORM: FormState = { names: ['', '', ''], games: DEFAULT_OPTIONS.games, deadline: null, rules: DEFAULT_RULES };

/** A count as typed: a whole number ≥ 1, else null (while the field is empty or half typed). */
function countOf(value: unknown): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : null;
}

function readForm(form: HTMLFormElement): FormState {
  const data = new FormData(form);
  const options = optionsFrom(data);
  const deadline = countOf(options.moveDeadlineHours);
  // A number being typed counts as its default in the summary, not as "NaN".
  const rules: SummarizedOptions = {
    ...DEFAULT_RULES,
    ...(options as Partial<SummarizedOptions>),
    stakePerTrick: countOf(options.stakePerTrick) ?? DEFAULT_RULES.stakePerTrick,
    flatTariff: countOf(options.flatTariff) ?? DEFAULT_RULES.flatTariff,
    moveDeadlineHours: deadline,
    vacationHours: Number.isInteger(options.vacationHours) ? (options.vacationHours as number) : DEFAULT_VACATION_HOURS,
    chat: data.get('chat') === 'on',
  };
  return {
    names: [0, 1, 2].map((i) => String(data.get(`seat${i}`) ?? '').trim()),
    games: countOf(options.games) ?? DEFAULT_OPTIONS.games,
    deadline,
    rules,
  };
}

/** The help under "Number of games": how often each deals with the number chosen (R1.2: the deal passes after every game). */
function gamesHelp(t: CreateTranslate, games: number): string {
  return games % 3 === 0 ? t('optGamesHelpRounds', { n: games / 3 }) : t('optGamesHelpUneven', { n: games });
}

export default function CreatePage() {
  const t = useTexts();
  const { t: appText, prefs } = useApp();
  const [created, setCreated] = useState<SavedTable | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [allPass, setAllPass] = useState<string>(DEFAULT_OPTIONS.allPass);
  const [shown, setShown] = useState<FormState>(INITIAL_FORM);
  const [kinds, setKinds] = useState<SeatKind[]>(['person', 'person', 'person']);
  const defaultNames = [0, 1, 2].map((i) => t('playerName', { n: i + 1 }));
  const names = defaultNames.map((fallback, i) => shown.names[i] || fallback);

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const names = [0, 1, 2].map((i) => String(form.get(`seat${i}`) ?? '').trim() || defaultNames[i]!);
    const tableName = String(form.get('tableName') ?? '').trim() || 'Wallachen';
    setBusy(true);
    setError(null);
    try {
      const answer = await createTable({
        name: tableName,
        seats: names.map((name, i) => {
          const kind = kinds[i]!;
          if (kind !== 'person') return { name, bot: kind };
          const email = String(form.get(`email${i}`) ?? '').trim();
          // The seat's mails come in the language of this page (the server writes both without it).
          return email === '' ? { name } : { name, email, lang: prefs.lang };
        }),
        options: optionsFrom(form),
      });
      setCreated(saveTable(answer, tableName, names));
      scrollTo(0, 0);
    } catch (err) {
      setError(err instanceof ApiError ? errorText(appText, err) : appText('errorGeneric', { message: String(err) }));
    } finally {
      setBusy(false);
    }
  };
  const refresh = (event: Event) => setShown(readForm(event.currentTarget as HTMLFormElement));
  // A field under the folded rules that the browser refuses (a number out of range) must be seen to be fixed.
  const unfold = (event: Event) => {
    const details = (event.target as HTMLElement).closest('details');
    if (details !== null) details.open = true;
  };

  if (created !== null) return <ShareScreen table={created} kinds={kinds} />;
  const o = DEFAULT_OPTIONS;
  return (
    <>
      <YourTables />
      <form class="create" data-form="create" onSubmit={submit} onInput={refresh} onChange={refresh} onInvalidCapture={unfold}>
        <h1>{t('createTitle')}</h1>
        <p>{t('createIntro')}</p>
        <div class="option">
          <label>
            {t('tableName')} <input type="text" name="tableName" maxLength={TEXT_LIMITS.tableName} placeholder="Wallachen" autoComplete="off" />
          </label>
        </div>
        <fieldset>
          <legend>{t('players')}</legend>
          {[0, 1, 2].map((i) => (
            <div class="player" key={i}>
              <div class="player-head">
                <label class="player-name">
                  {t('playerName', { n: i + 1 })}{' '}
                  <input type="text" name={`seat${i}`} size={12} maxLength={TEXT_LIMITS.seatName} placeholder={defaultNames[i]} autoComplete="off" />
                </label>
                {/* Beside the name, labelled for screen readers: the form stays as short on a phone. */}
                <select
                  aria-label={t('playerKind', { n: i + 1 })}
                  name={`kind${i}`}
                  data-seat-kind={i}
                  value={kinds[i]}
                  onChange={(e) => setKinds(kinds.map((k, j) => (j === i ? (e.currentTarget.value as SeatKind) : k)))}
                >
                  {SEAT_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {t(KIND_TEXT[kind])}
                    </option>
                  ))}
                </select>
              </div>
              {/* A bot reads no mail: its seat has no address; its row above stays as it was. */}
              {kinds[i] === 'person' && (
                <label>
                  {t('playerEmail', { n: i + 1 })} <input type="email" name={`email${i}`} maxLength={TEXT_LIMITS.email} autoComplete="off" />
                </label>
              )}
            </div>
          ))}
        </fieldset>
        <NumberField name="games" label="optGames" helpText={gamesHelp(t, shown.games)} value={o.games} min={1} max={OPTION_LIMITS.games} />
        <details class="more-rules" data-more-rules>
          <summary>
            <span class="more-rules-title">{t('moreRules')}</span>{' '}
            <span class="more-rules-summary" data-rules-summary>
              {rulesSummary(t, shown.rules, DEFAULT_RULES, names)}
            </span>
          </summary>
          <fieldset>
            <legend>{t('optionsTitle')}</legend>
            <Toggle name="doubling" label="optDoubling" help="optDoublingHelp" checked={o.doubling} />
            <Toggle name="kontra" label="optKontra" help="optKontraHelp" checked={o.kontra} />
            <Toggle name="tenTrickBid" label="optTenTrickBid" help="optTenTrickBidHelp" checked={o.tenTrickBid} />
            <Choice
              name="allPass"
              label="optAllPass"
              help="optAllPassHelp"
              value={o.allPass}
              choices={[
                ['forced', 'optAllPassForced'],
                ['pot', 'optAllPassPot'],
              ]}
              onChange={setAllPass}
            />
            {allPass === 'pot' ? (
              <div class="pot-options" data-pot-options>
                <NumberField name="potStake" label="optPotStake" help="optPotStakeHelp" value={o.potStake} min={1} max={OPTION_LIMITS.potStake} />
                <Choice
                  name="potTo"
                  label="optPotTo"
                  help="optPotToHelp"
                  value={o.potTo}
                  choices={[
                    ['declarer', 'optPotToDeclarer'],
                    ['winners', 'optPotToWinners'],
                  ]}
                />
                <NumberField
                  name="maxRedeals"
                  label="optMaxRedeals"
                  help="optMaxRedealsHelp"
                  value={o.maxRedeals}
                  min={1}
                  max={OPTION_LIMITS.maxRedeals}
                />
              </div>
            ) : null}
            <Choice
              name="trump"
              label="optTrump"
              help="optTrumpHelp"
              value={o.trump}
              choices={[
                ['led', 'optTrumpLed'],
                ['named', 'optTrumpNamed'],
              ]}
            />
            <Toggle name="winDutyInBettel" label="optWinDutyInBettel" help="optWinDutyInBettelHelp" checked={o.winDutyInBettel} />
            <Choice
              name="trickHistory"
              label="optTrickHistory"
              help="optTrickHistoryHelp"
              value={o.trickHistory}
              choices={[
                ['last', 'optTrickHistoryLast'],
                ['all', 'optTrickHistoryAll'],
                ['opponents', 'optTrickHistoryOpponents'],
              ]}
            />
            <Toggle name="knock" label="optKnock" help="optKnockHelp" checked={o.knock} />
            <Toggle name="claims" label="optClaims" help="optClaimsHelp" checked={o.claims} />
            <NumberField
              name="stakePerTrick"
              label="optStakePerTrick"
              help="optStakePerTrickHelp"
              value={o.stakePerTrick}
              min={1}
              max={OPTION_LIMITS.stakePerTrick}
            />
            <NumberField
              name="flatTariff"
              label="optFlatTariff"
              help="optFlatTariffHelp"
              value={o.flatTariff}
              min={1}
              max={OPTION_LIMITS.flatTariff}
            />
            <div class="option">
              <label>
                {t('optFirstDealer')}{' '}
                <select name="firstDealer" defaultValue={String(o.firstDealer)}>
                  {names.map((name, i) => (
                    <option key={i} value={String(i)}>
                      {name}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            <div class="option">
              <label>
                {t('optDeadline')}{' '}
                <input
                  type="number"
                  name="moveDeadlineHours"
                  defaultValue=""
                  min={1}
                  max={MAX_MOVE_DEADLINE_HOURS}
                  step={1}
                  inputMode="numeric"
                  aria-describedby="moveDeadlineHours-help"
                />{' '}
                {t('optDeadlineUnit', { n: shown.deadline ?? 2 })}
              </label>
              <p id="moveDeadlineHours-help" class="help">
                {t('optDeadlineHelp')}
              </p>
            </div>
            <Choice
              name="onTimeout"
              label="optOnTimeout"
              help="optOnTimeoutHelp"
              value={DEFAULT_ON_TIMEOUT}
              choices={[
                ['bot', 'optOnTimeoutBot'],
                ['wait', 'optOnTimeoutWait'],
              ]}
            />
            <NumberField
              name="vacationHours"
              label="optVacationHours"
              help="optVacationHoursHelp"
              value={DEFAULT_VACATION_HOURS}
              min={0}
              max={MAX_VACATION_HOURS}
            />
            <Toggle name="chat" label="optChat" help="optChatHelp" checked />
          </fieldset>
        </details>
        {error !== null ? (
          <p class="error" role="alert" data-error>
            {error}
          </p>
        ) : null}
        <button type="submit" class="primary" data-create disabled={busy}>
          {busy ? t('creating') : t('createSubmit')}
        </button>
      </form>
    </>
  );
}
