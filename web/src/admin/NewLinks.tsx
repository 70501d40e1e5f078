/** New links on the admin's page: shown once with a copy button; the spectators' and the admin's own replaced on request. */
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { RotatedLink } from '../api-later.js';
import { useApp } from '../app-context.js';
import { OutcomeAt, type Outcome } from './Outcome.js';
import { adminTranslator } from './texts.js';

/** Whose new link the page shows: a seat's, the spectators' or the admin's own. */
export type LinkOwner = RotatedLink['seat'] | 'admin';

/** A new link, shown once, with a copy button (and the field selected where the clipboard is refused). */
export function NewLink({ owner, url, label }: { owner: LinkOwner; url: string; label: ComponentChildren }) {
  const adm = adminTranslator(useApp().prefs.lang);
  const [copied, setCopied] = useState(false);
  const id = `new-link-${owner}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      (document.getElementById(id) as HTMLInputElement | null)?.select();
    }
  };
  return (
    <div class="share-link admin-new-link" data-new-link={owner}>
      <label for={id}>{label}</label>
      <input id={id} type="text" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
      <button type="button" onClick={copy}>
        {copied ? adm('adminCopied') : adm('adminCopy')}
      </button>
    </div>
  );
}

/** A button that replaces the spectators' or the admin's link, asking first; the new link below it once made. */
export function RotateRow(props: {
  owner: 'spectator' | 'admin';
  busy: boolean;
  rotate: (owner: LinkOwner) => Promise<void>;
  made: string | undefined;
  outcome: Outcome | null;
  texts: { button: string; confirm: string; help: string; made: string };
}) {
  const { owner, busy, rotate, made, outcome, texts } = props;
  return (
    <>
      <div class="admin-row">
        <button
          type="button"
          class="primary"
          disabled={busy}
          data-admin-rotate={owner}
          onClick={() => {
            if (confirm(texts.confirm)) void rotate(owner);
          }}
        >
          {texts.button}
        </button>
        <p class="help">{texts.help}</p>
      </div>
      <OutcomeAt at={owner} outcome={outcome} />
      {made === undefined ? null : <NewLink owner={owner} url={made} label={texts.made} />}
    </>
  );
}

/** New links for the spectators and for the admin (this page's own, which it then uses). */
export function OtherLinks({
  busy,
  rotate,
  links,
  outcome,
}: {
  busy: boolean;
  rotate: (owner: LinkOwner) => Promise<void>;
  links: ReadonlyMap<LinkOwner, string>;
  outcome: Outcome | null;
}) {
  const adm = adminTranslator(useApp().prefs.lang);
  return (
    <section class="admin-links" aria-labelledby="admin-links-title">
      <h2 id="admin-links-title">{adm('adminLinks')}</h2>
      <RotateRow
        owner="spectator"
        busy={busy}
        rotate={rotate}
        made={links.get('spectator')}
        outcome={outcome}
        texts={{
          button: adm('adminRotateSpectator'),
          confirm: adm('adminRotateSpectatorConfirm'),
          help: adm('adminRotateSpectatorHelp'),
          made: adm('adminNewSpectatorLink'),
        }}
      />
      <RotateRow
        owner="admin"
        busy={busy}
        rotate={rotate}
        made={links.get('admin')}
        outcome={outcome}
        texts={{
          button: adm('adminRotateAdmin'),
          confirm: adm('adminRotateAdminConfirm'),
          help: adm('adminRotateAdminHelp'),
          made: adm('adminNewAdminLink'),
        }}
      />
    </section>
  );
}
