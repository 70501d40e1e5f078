/**
 * Who may embed the table (API.md "Embedding", admin option `frameOrigins` and
 * `spectatorEmbeds`): the sites that may show a seat, one origin per line, and whether any
 * site may show the spectator view; with the code a site pastes.
 */
import { useEffect, useState } from 'preact/hooks';
import type { AdminView } from '../api-later.js';
import { EmbedSnippet } from '../embed/EmbedSnippet.js';
import { OutcomeAt, type Outcome, type Run } from './Outcome.js';
import { adminTranslator } from './texts.js';
import { useApp } from '../app-context.js';

const linesOf = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

export function EmbedSettings({ view, busy, run, outcome }: { view: AdminView; busy: boolean; run: Run; outcome: Outcome | null }) {
  const adm = adminTranslator(useApp().prefs.lang);
  const [origins, setOrigins] = useState(view.frameOrigins.join('\n'));
  const [spectators, setSpectators] = useState(view.spectatorEmbeds);
  // The server's normalised list replaces what was typed once it is saved.
  useEffect(() => setOrigins(view.frameOrigins.join('\n')), [view.frameOrigins.join('\n')]);
  useEffect(() => setSpectators(view.spectatorEmbeds), [view.spectatorEmbeds]);
  const submit = (e: Event) => {
    e.preventDefault();
    void run({ type: 'options', frameOrigins: linesOf(origins), spectatorEmbeds: spectators }, 'embedding');
  };
  return (
    <form class="create admin-embedding" onSubmit={submit} data-admin-embedding>
      <fieldset disabled={view.ended}>
        <legend>{adm('adminEmbedding')}</legend>
        <div class="option">
          <label for="frame-origins">{adm('adminFrameOrigins')}</label>
          <textarea
            id="frame-origins"
            name="frameOrigins"
            rows={3}
            spellcheck={false}
            autocomplete="off"
            placeholder="https://club.example"
            value={origins}
            onInput={(e) => setOrigins(e.currentTarget.value)}
          />
          <p class="help">{adm('adminFrameOriginsHelp')}</p>
        </div>
        <div class="option">
          <label>
            <input type="checkbox" name="spectatorEmbeds" checked={spectators} onChange={(e) => setSpectators(e.currentTarget.checked)} />{' '}
            {adm('adminSpectatorEmbeds')}
          </label>
        </div>
        <button type="submit" class="primary" disabled={busy}>
          {adm('adminEmbedSave')}
        </button>
        <OutcomeAt at="embedding" outcome={outcome} />
      </fieldset>
      <EmbedSnippet link={`${location.origin}/t/${view.tableId}#…`} id="admin-embed-snippet" label="adminEmbedSnippet" />
    </form>
  );
}
