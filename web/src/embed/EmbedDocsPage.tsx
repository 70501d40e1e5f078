/** `/embed`: how a site embeds a table, with code to copy (API.md "Embedding"; README "Embedding a table"). */
import { useEffect } from 'preact/hooks';
import { useApp } from '../app-context.js';
import { EmbedSnippet } from './EmbedSnippet.js';
import { embedTranslator } from './texts.js';

export function EmbedDocsPage() {
  const { t } = useApp();
  const et = embedTranslator(useApp().prefs.lang);
  useEffect(() => void (document.title = `${et('embedDocsTitle')} · ${t('appName')}`), [t]);
  const example = `${location.origin}/t/<table id>#<link token>`;
  const iframe = `<iframe src="${location.origin}/embed/<table id>#<spectator token>" title="Wallachen" width="320" height="480" style="border:0"></iframe>`;
  return (
    <section class="embed-docs" data-embed-docs aria-labelledby="embed-docs-title">
      <h1 id="embed-docs-title">{et('embedDocsTitle')}</h1>
      <p>{et('embedDocsIntro')}</p>
      <EmbedSnippet link={example} id="embed-docs-script" />
      <p>{et('embedDocsSeat')}</p>
      <p>{et('embedDocsAttributes')}</p>
      <p>{et('embedDocsEvents')}</p>
      <pre class="embed-docs-example">
        <code>{`window.addEventListener('message', (e) => {
  if (e.origin !== '${location.origin}') return;
  if (e.data.type === 'wallachen:turn') notifyPlayer(e.data.tableId);
});`}</code>
      </pre>
      <p>{et('embedDocsOembed')}</p>
      <div class="embed-code">
        <label for="embed-docs-iframe">{et('embedDocsPlain')}</label>
        <textarea id="embed-docs-iframe" readOnly rows={3} value={iframe} onFocus={(e) => e.currentTarget.select()} />
      </div>
    </section>
  );
}
