/** The /embed.js snippet for a link, ready to copy (share screen, admin page, the /embed page). */
import { useApp } from '../app-context.js';
import type { TextKey } from '../i18n.js';
import { scriptSnippet } from './snippets.js';

export function EmbedSnippet({ link, id, label = 'embedScriptLabel' }: { link: string; id: string; label?: TextKey }) {
  const { t } = useApp();
  return (
    <div class="embed-code" data-embed-snippet>
      <label for={id}>{t(label)}</label>
      <textarea id={id} readOnly rows={3} value={scriptSnippet(link)} onFocus={(e) => e.currentTarget.select()} />
      <p class="help">
        {t('embedScriptHelp')} <a href="/embed">{t('embedDocsLink')}</a>
      </p>
    </div>
  );
}
