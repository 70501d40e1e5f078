/** A card as the table shows it: face up with its code for tests (API.md hooks) and its name for screen readers. */
import type { ButtonHTMLAttributes, ComponentChild } from 'preact';
import type { CardCode } from '../../../shared/cards.js';
import { useApp } from '../app-context.js';
import { CardBack, CardFace, cardName } from '../cards/index.js';

/** A face-up card that is only looked at (tricks, summaries, replays). */
export function CardImage({ code, class: extra }: { code: CardCode; class?: string }) {
  const { prefs } = useApp();
  return (
    <span
      class={`card ${extra ?? ''}`}
      data-card={code}
      role="img"
      aria-label={cardName(code, prefs.pattern, prefs.lang)}
      title={cardName(code, prefs.pattern, prefs.lang)}
    >
      <CardFace code={code} pattern={prefs.pattern} />
    </span>
  );
}

/** A labelled row of small face-up cards: a hand, the stock or the discards in a summary or replay. */
export function CardRow({ owner, codes, class: extra }: { owner: ComponentChild; codes: readonly CardCode[]; class?: string }) {
  return (
    <li class={extra}>
      <span class="hand-owner">{owner}</span>
      <span class="card-row">
        {codes.map((code) => (
          <CardImage key={code} code={code} class="small" />
        ))}
      </span>
    </li>
  );
}

/** A face-up card of the own hand: a button, enabled when it may be played or chosen now. */
export function CardButton(props: { code: CardCode; label: string } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'label'>) {
  const { prefs } = useApp();
  const { code, label, class: extra, ...rest } = props;
  return (
    <button
      type="button"
      class={`card ${String(extra ?? '')}`}
      data-card={code}
      aria-label={label}
      title={cardName(code, prefs.pattern, prefs.lang)}
      {...rest}
    >
      <CardFace code={code} pattern={prefs.pattern} />
    </button>
  );
}

/** Cards nobody here may see: backs only, never a code (R10.2). */
export function HiddenCards({ count, label }: { count: number; label: string }) {
  return (
    <span class="backs" role="img" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <span key={i} class="card back">
          <CardBack />
        </span>
      ))}
    </span>
  );
}
