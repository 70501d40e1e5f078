/** The create form's fields: a switch, a number and a choice, each with its line of help. */
import { useTexts } from './use-texts.js';
import type { CreateTextKey as TextKey } from './texts.js';

export function Toggle({ name, label, help, checked }: { name: string; label: TextKey; help: TextKey; checked: boolean }) {
  const t = useTexts();
  return (
    <div class="option">
      <label>
        <input type="checkbox" name={name} defaultChecked={checked} aria-describedby={`${name}-help`} /> {t(label)}
      </label>
      <p id={`${name}-help`} class="help">
        {t(help)}
      </p>
    </div>
  );
}

export function NumberField({
  name,
  label,
  help,
  helpText = help ? undefined : '',
  value,
  min,
  max,
}: {
  name: string;
  label: TextKey;
  help?: TextKey;
  /** A help text that depends on the field's value, instead of `help`. */
  helpText?: string;
  value: number | '';
  min: number;
  max: number;
}) {
  const t = useTexts();
  const helpShown = helpText ?? (help ? t(help) : '');
  return (
    <div class="option">
      <label>
        {t(label)}{' '}
        <input
          type="number"
          name={name}
          defaultValue={String(value)}
          min={min}
          max={max}
          step={1}
          inputMode="numeric"
          aria-describedby={helpShown ? `${name}-help` : undefined}
        />
      </label>
      {helpShown ? (
        <p id={`${name}-help`} class="help" aria-live={helpText ? 'polite' : undefined}>
          {helpShown}
        </p>
      ) : null}
    </div>
  );
}

/** A choice among a few values, with its line of explanation. */
export function Choice({
  name,
  label,
  help,
  value,
  choices,
  onChange,
}: {
  name: string;
  label: TextKey;
  help: TextKey;
  value: string;
  choices: readonly (readonly [string, TextKey])[];
  onChange?: (value: string) => void;
}) {
  const t = useTexts();
  return (
    <div class="option">
      <label>
        {t(label)}{' '}
        <select
          name={name}
          defaultValue={value}
          aria-describedby={`${name}-help`}
          onChange={onChange ? (e) => onChange(e.currentTarget.value) : undefined}
        >
          {choices.map(([choice, text]) => (
            <option key={choice} value={choice}>
              {t(text)}
            </option>
          ))}
        </select>
      </label>
      <p id={`${name}-help`} class="help">
        {t(help)}
      </p>
    </div>
  );
}
