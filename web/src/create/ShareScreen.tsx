/** The share screen after a table is made: the seat links, the spectator's and the admin's, each to copy, and the code to embed the table. */
import type { ComponentChild } from 'preact';
import { useState } from 'preact/hooks';
import { EmbedSnippet } from '../embed/EmbedSnippet.js';
import { Name, withNames } from '../names.js';
import { embedUrlOf } from '../router.js';
import type { SavedTable } from './saved-tables.js';
import { useTexts } from './use-texts.js';

function CopyLink({ url, label, copyName, hook }: { url: string; label: ComponentChild; copyName: string; hook: Record<string, string> }) {
  const t = useTexts();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      // No clipboard (an insecure origin, a refusing frame): select the link so it can be copied by hand.
      const field = document.getElementById(`link-${copyName}`) as HTMLInputElement | null;
      field?.select();
      return;
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  return (
    <li class="share-link">
      <label for={`link-${copyName}`}>{label}</label>
      <input id={`link-${copyName}`} type="text" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
      <button type="button" data-copy={copyName} onClick={copy}>
        {copied ? t('copied') : t('copy')}
      </button>
      <a href={url} target="_blank" rel="noopener" {...hook}>
        {t('open')}
      </a>
    </li>
  );
}

/** An <iframe> of the embed page (read-only, the spectator's view): the one page any site may frame. */
function EmbedCode({ url }: { url: string }) {
  const t = useTexts();
  const code = `<iframe src="${embedUrlOf(url)}" title="Wallachen" width="320" height="480" style="border:0"></iframe>`;
  return (
    <div class="embed-code">
      <label for="embed-code">{t('embedCode')}</label>
      <textarea id="embed-code" readOnly rows={3} value={code} onFocus={(e) => e.currentTarget.select()} />
      <p class="help">{t('embedHelp')}</p>
      <EmbedSnippet link={url} id="embed-script" />
    </div>
  );
}

/** Who plays a seat, as the form offers it: a person, or a bot of a level (API.md `seats[i].bot`). */
export type SeatKind = 'person' | 'easy' | 'strong';
export const SEAT_KINDS: readonly SeatKind[] = ['person', 'easy', 'strong'];
export const KIND_TEXT = { person: 'kindPerson', easy: 'kindEasy', strong: 'kindStrong' } as const;

export function ShareScreen({ table, kinds }: { table: SavedTable; kinds: readonly SeatKind[] }) {
  const t = useTexts();
  return (
    <section class="share" aria-labelledby="share-title">
      <h1 id="share-title">{t('shareTitle')}</h1>
      <p>{t('shareIntro')}</p>
      <ul class="share-links">
        {table.seats.map((seat, i) => (
          <CopyLink
            key={i}
            url={seat.url}
            label={
              kinds[i] === 'person' ? (
                <Name name={seat.name} />
              ) : (
                withNames(t('botLink', { kind: t(KIND_TEXT[kinds[i] ?? 'person']) }), { name: seat.name })
              )
            }
            copyName={`seat${i}`}
            hook={{ 'data-seat-link': String(i) }}
          />
        ))}
        <CopyLink url={table.spectatorUrl} label={t('spectatorLink')} copyName="spectator" hook={{ 'data-spectator-link': '' }} />
        {table.adminUrl === undefined ? null : (
          <CopyLink url={table.adminUrl} label={t('adminLink')} copyName="admin" hook={{ 'data-admin-link': '' }} />
        )}
      </ul>
      {table.adminUrl === undefined ? null : <p class="help">{t('adminLinkHelp')}</p>}
      <p class="muted">{t('shareKeep')}</p>
      <EmbedCode url={table.spectatorUrl} />
    </section>
  );
}
