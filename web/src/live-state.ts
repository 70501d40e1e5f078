/**
 * What a page says of its live connection (web/src/live.ts), apart from the connection itself,
 * which is loaded only once the table's first cards are painted.
 */
export type ConnectionState = 'connecting' | 'live' | 'offline';

/** The page's own error code for a link the table's admin replaced: the table page then says so. */
export const LINK_REPLACED = 'link_replaced';
