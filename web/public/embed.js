/* global window, document, location, navigator, console, URL, URLSearchParams, MutationObserver, CustomEvent, setTimeout, clearTimeout */
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
 *
 * A frame the browser refuses to show (the table's admin has not listed this site for a seat,
 * or lets no site show the spectator view: frame-ancestors) stays silent: when nothing is
 * heard from it within BLOCKED_AFTER_MS of its loading, the div says so in words, with a link
 * that opens the table in a tab of its own, and its "wallachen" event carries
 * {type: "wallachen:blocked", version: 1, tableId, seat}. Should the frame speak after all
 * (a slow device), the notice goes and the frame shows.
 */
(() => {
  'use strict';
  if (window.__wallachenEmbed) return;
  const script = document.currentScript;
  if (!script || !script.src) return;
  const server = new URL(script.src).origin;
  const LINK = /^\/(?:t|embed)\/([A-Za-z0-9_-]{1,64})(\/seat)?\/?$/;
  const OPTIONS = { lang: 'wallachenLang', theme: 'wallachenTheme', cards: 'wallachenCards' };
  /** How long a loaded frame may stay silent before it counts as refused: a frame that shows answers within a frame or two. */
  const BLOCKED_AFTER_MS = 3000;
  const TEXTS = {
    en: {
      seat: "This seat of the table can't be shown on this site: the table's admin has not allowed it here.",
      spectator: "This table can't be shown on this site: the table's admin does not let other sites show it.",
      open: 'Open the table',
    },
    de: {
      seat: 'Dieser Platz des Tisches kann auf dieser Website nicht gezeigt werden: der Admin des Tisches hat sie nicht erlaubt.',
      spectator: 'Dieser Tisch kann auf dieser Website nicht gezeigt werden: der Admin des Tisches lässt andere Websites ihn nicht zeigen.',
      open: 'Tisch öffnen',
    },
  };
  /** The frames this script made, by their window, each with its div. */
  const frames = new Map();
  window.__wallachenEmbed = { server, scan };

  /** The frame's address, the table's own page (for a tab of its own), its id and whether the link says it is a seat's; null for no table link of this server. */
  function linkOf(div) {
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
    return {
      src: `${server}/embed/${path[1]}${seat ? '/seat' : ''}${search ? `?${search}` : ''}${url.hash}`,
      page: `${server}/t/${path[1]}${url.hash}`,
      tableId: path[1],
      seat,
    };
  }

  function languageOf(div) {
    const lang = (div.dataset.wallachenLang || document.documentElement.lang || navigator.language || '').toLowerCase();
    return lang.startsWith('de') ? 'de' : 'en';
  }

  /** Says in the div why its frame shows nothing, and offers the table's own page; the host hears wallachen:blocked. */
  function showBlocked(known) {
    if (known.notice) return;
    const texts = TEXTS[languageOf(known.div)];
    const notice = document.createElement('p');
    notice.setAttribute('data-wallachen-blocked', '');
    notice.setAttribute('role', 'note');
    notice.style.cssText =
      'margin:0;padding:.75rem 1rem;border:1px solid #b9b2a5;border-radius:8px;background:#fffdf8;color:#1d1d1b;font:15px/1.45 system-ui,sans-serif';
    notice.append(known.link.seat ? texts.seat : texts.spectator, ' ');
    const open = document.createElement('a');
    open.href = known.link.page;
    open.target = '_blank';
    open.rel = 'noopener noreferrer';
    open.textContent = texts.open;
    notice.append(open);
    known.frame.style.display = 'none';
    known.div.appendChild(notice);
    known.notice = notice;
    const detail = { type: 'wallachen:blocked', version: 1, tableId: known.link.tableId, seat: known.link.seat };
    known.div.dispatchEvent(new CustomEvent('wallachen', { detail, bubbles: true }));
  }

  /** The frame spoke: whatever was said of it being refused was wrong. */
  function heard(known) {
    clearTimeout(known.timer);
    known.silent = false;
    if (!known.notice) return;
    known.notice.remove();
    known.notice = null;
    known.frame.style.display = 'block';
  }

  function hello(frame) {
    // Addressed to the server's origin only: a frame that navigated elsewhere hears nothing.
    frame.contentWindow?.postMessage({ type: 'wallachen:hello', version: 1 }, server);
  }

  function embed(div) {
    if (div.querySelector(':scope > iframe[data-wallachen-frame]')) return;
    const link = linkOf(div);
    if (link === null) {
      console.warn(`Wallachen: data-wallachen must be a table link of ${server}`, div);
      return;
    }
    const frame = document.createElement('iframe');
    frame.src = link.src;
    frame.title = div.getAttribute('data-wallachen-title') || 'Wallachen';
    frame.setAttribute('data-wallachen-frame', '');
    frame.setAttribute('referrerpolicy', 'no-referrer');
    frame.setAttribute('scrolling', 'no');
    frame.style.cssText = 'display:block;border:0;width:100%;min-width:0;height:480px;overflow:hidden';
    const known = { frame, div, link, timer: 0, notice: null, silent: true };
    // Each page the frame loads (a seat's link moves on to the seat path) must speak up once.
    frame.addEventListener('load', () => {
      clearTimeout(known.timer);
      known.silent = true;
      known.timer = setTimeout(() => known.silent && showBlocked(known), BLOCKED_AFTER_MS);
      hello(frame);
    });
    div.appendChild(frame);
    frames.set(frame.contentWindow, known);
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
    heard(known);
    if (data.type === 'wallachen:resize' && Number.isFinite(data.height) && data.height > 0) {
      known.frame.style.height = `${Math.ceil(data.height)}px`;
    }
    known.div.dispatchEvent(new CustomEvent('wallachen', { detail: data, bubbles: true }));
  });

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => scan());
  else scan();
})();
