/** The texts of embedding a table (the /embed guide, the /embed.js snippet of the share screen and the admin page), in German and English: loaded with them. */
import { translatorOf, type Language, type Text } from '../i18n.js';

const en = {
  embedScriptLabel: 'With /embed.js (sizes itself, tells your page when it is your turn)',
  embedScriptHelp: 'Paste both lines into your page. A seat can be embedded only on sites the table admin allowed; the spectator view anywhere.',
  embedDocsLink: 'How embedding works',
  embedDocsTitle: 'Embedding a table',
  embedDocsIntro:
    'A club page, a forum or a blog can show a running table, and a player can play from it. Include /embed.js once and put a div with the link where the table should go:',
  embedDocsSeat:
    'The link decides what is shown: a spectator link shows the table to everyone; a seat link shows that seat with its hand and controls, but only on the sites (origins) the table admin listed on the admin page. Elsewhere the browser refuses the frame, and /embed.js says so in its place with a link that opens the table; the table page itself can never be framed.',
  embedDocsAttributes:
    'Optional attributes: data-wallachen-lang (de, en), data-wallachen-theme (light, dark; changing it later changes the frame), data-wallachen-cards (bavarian, french), data-wallachen-seat (the link is a seat link: skips one redirect).',
  embedDocsEvents:
    'Your page receives postMessage events (version 1) and, on the div, a "wallachen" DOM event with the same object: wallachen:ready, wallachen:turn (it is this seat\'s move), wallachen:game-over, wallachen:resize (height); the DOM event also wallachen:blocked (the browser refused the frame; with seat: whether it was a seat link). Each carries type, version and tableId, never a card. They are sent only to the page that embeds the table.',
  embedDocsOembed:
    "Content systems that understand oEmbed can ask /oembed?url=<spectator link>&format=json for the frame. A seat link is refused there: it must never reach another site's server.",
  embedDocsPlain: 'Without script: an iframe of the spectator view',
  adminEmbedSnippet: "Code for a site: replace the link with a seat's or the spectator's link",
} as const;

export type EmbedTextKey = keyof typeof en;

const de: Record<EmbedTextKey, Text> = {
  embedScriptLabel: 'Mit /embed.js (passt seine Größe an, meldet deiner Seite, wenn du dran bist)',
  embedScriptHelp:
    'Beide Zeilen in deine Seite einfügen. Einen Platz zeigen nur Websites, die der Tisch-Admin erlaubt hat; die Zuschauer-Ansicht jede.',
  embedDocsLink: 'So funktioniert das Einbetten',
  embedDocsTitle: 'Einen Tisch einbetten',
  embedDocsIntro:
    'Eine Vereinsseite, ein Forum oder ein Blog kann einen laufenden Tisch zeigen, und ein Spieler kann dort mitspielen. Binde /embed.js einmal ein und setze ein div mit dem Link dorthin, wo der Tisch erscheinen soll:',
  embedDocsSeat:
    'Der Link entscheidet, was erscheint: ein Zuschauer-Link zeigt den Tisch allen; ein Platz-Link zeigt diesen Platz mit Blatt und Bedienung, aber nur auf den Websites (Origins), die der Tisch-Admin auf der Admin-Seite eingetragen hat. Anderswo verweigert der Browser den Rahmen, und /embed.js sagt das an seiner Stelle, mit einem Link, der den Tisch öffnet; die Tisch-Seite selbst lässt sich nie einbetten.',
  embedDocsAttributes:
    'Optionale Attribute: data-wallachen-lang (de, en), data-wallachen-theme (light, dark; eine spätere Änderung ändert den Rahmen), data-wallachen-cards (bavarian, french), data-wallachen-seat (der Link ist ein Platz-Link: spart eine Weiterleitung).',
  embedDocsEvents:
    'Deine Seite erhält postMessage-Ereignisse (Version 1) und am div ein DOM-Ereignis „wallachen“ mit demselben Objekt: wallachen:ready, wallachen:turn (dieser Platz ist am Zug), wallachen:game-over, wallachen:resize (Höhe); das DOM-Ereignis auch wallachen:blocked (der Browser hat den Rahmen verweigert; seat: ob es ein Platz-Link war). Jedes trägt type, version und tableId, nie eine Karte. Sie gehen nur an die Seite, die den Tisch einbettet.',
  embedDocsOembed:
    'Redaktionssysteme, die oEmbed kennen, fragen /oembed?url=<Zuschauer-Link>&format=json nach dem Rahmen. Ein Platz-Link wird dort abgelehnt: er darf nie auf den Server einer anderen Website gelangen.',
  embedDocsPlain: 'Ohne Skript: ein iframe der Zuschauer-Ansicht',
  adminEmbedSnippet: 'Code für eine Website: den Link durch den eines Platzes oder den Zuschauer-Link ersetzen',
};

export type EmbedTranslate = (key: EmbedTextKey, params?: Record<string, string | number>) => string;

export const embedTranslator = (lang: Language): EmbedTranslate => translatorOf({ en, de }, lang);
