/** The /embed.js snippet for a link, ready to copy (share screen, admin page, the /embed page). */
import { scriptSnippet } from './snippets.js';
import { embedTranslator, type EmbedTextKey } from './texts.js';
import { useApp } from '../app-context.js';

export function EmbedSnippet({ link, id, label = 'embedScriptLabel' }: { link: string; id: string; label?: EmbedTextKey }) {
  const et = embedTranslator(useApp().prefs.lang);
  return (
    <div class="embed-code" data-embed-snippet>
      <label for={id}>{et(label)}</label>
      <textarea id={id} readOnly rows={3} value={scriptSnippet(link)} onFocus={(e) => e.currentTarget.select()} />
      <p class="help">
        {et('embedScriptHelp')} <a href="/embed">{et('embedDocsLink')}</a>
      </p>
    </div>
  );
}
