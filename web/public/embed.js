/* global window, document, location, console, URL, URLSearchParams, MutationObserver, CustomEvent */
/*
 * Wallachen online: embed a table in any page (API.md "Embedding"; the /embed page shows how).
 *
 *   <div data-wallachen="https://…/t/{id}#{token}"></div>
 *   <script src="https://…/embed.js" async></script>
 *
 * Each such div becomes an iframe of /embed/{id}#{token}; a seat's link moves on to
 * /embed/{id}/seat by itself (or at once with data-wallachen-seat), where only the sites the
 * table's admin listed may show it. The frame's height follows its content
 * (wallachen:resize). The frame's messages (version 1: wallachen:ready, wallachen:turn,
 * wallachen:game-over, wallachen:resize) come to this window from the server's origin only,
 * and are passed on as a "wallachen" DOM event on the div (event.detail). This script says
 * hello to each frame with a message the browser stamps with this page's origin, so that
 * the frame knows where its messages may go. Changing data-wallachen-theme on the div later
 * sends wallachen:theme to the frame.
 */
(() => {
  'use strict';
  if (window.__wallachenEmbed) return;
  const script = document.currentScript;
  if (!script || !script.src) return;
  const server = new URL(script.src).origin;
  const LINK = /^\/(?:t|embed)\/([A-Za-z0-9_-]{1,64})(\/seat)?\/?$/;
  const OPTIONS = { lang: 'wallachenLang', theme: 'wallachenTheme', cards: 'wallachenCards' };
  /** The frames this script made, by their window, each with its div. */
  const frames = new Map();
  window.__wallachenEmbed = { server, scan };

  function srcOf(div) {
    let url;
    try {
      url = new URL(div.dataset.wallachen, location.href);
    } catch {
      return null;
    }
    const path = LINK.exec(url.pathname);
    if (url.origin !== server || path === null || url.hash.length < 2) return null;
    const seat = path[2] !== undefined || div.hasAttribute('data-wallachen-seat');
    const query = new URLSearchParams();
    for (const [name, key] of Object.entries(OPTIONS)) if (div.dataset[key]) query.set(name, div.dataset[key]);
    const search = query.toString();
    return `${server}/embed/${path[1]}${seat ? '/seat' : ''}${search ? `?${search}` : ''}${url.hash}`;
  }

  function hello(frame) {
    // Addressed to the server's origin only: a frame that navigated elsewhere hears nothing.
    frame.contentWindow?.postMessage({ type: 'wallachen:hello', version: 1 }, server);
  }

  function embed(div) {
    if (div.querySelector(':scope > iframe[data-wallachen-frame]')) return;
    const src = srcOf(div);
    if (src === null) {
      console.warn(`Wallachen: data-wallachen must be a table link of ${server}`, div);
      return;
    }
    const frame = document.createElement('iframe');
    frame.src = src;
    frame.title = div.getAttribute('data-wallachen-title') || 'Wallachen';
    frame.setAttribute('data-wallachen-frame', '');
    frame.setAttribute('referrerpolicy', 'no-referrer');
    frame.setAttribute('scrolling', 'no');
    frame.style.cssText = 'display:block;border:0;width:100%;min-width:0;height:480px;overflow:hidden';
    frame.addEventListener('load', () => hello(frame));
    div.appendChild(frame);
    frames.set(frame.contentWindow, { frame, div });
    new MutationObserver(() => {
      const theme = div.dataset.wallachenTheme;
      if (theme === 'light' || theme === 'dark') frame.contentWindow?.postMessage({ type: 'wallachen:theme', version: 1, theme }, server);
    }).observe(div, { attributes: true, attributeFilter: ['data-wallachen-theme'] });
  }

  function scan(root = document) {
    for (const div of root.querySelectorAll('[data-wallachen]')) embed(div);
  }

  window.addEventListener('message', (event) => {
    if (event.origin !== server) return;
    const known = frames.get(event.source);
    const data = event.data;
    if (!known || !data || typeof data.type !== 'string' || !data.type.startsWith('wallachen:') || data.version !== 1) return;
    if (data.type === 'wallachen:resize' && Number.isFinite(data.height) && data.height > 0) {
      known.frame.style.height = `${Math.ceil(data.height)}px`;
    }
    known.div.dispatchEvent(new CustomEvent('wallachen', { detail: data, bubbles: true }));
  });

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => scan());
  else scan();
})();
