/**
 * Every page but the table's, each loaded on demand with the later texts (i18n.ts). A chunk of
 * its own, loaded by main.tsx only on such a page: the table page, the one people open most,
 * carries neither their loaders nor what loading a page with its stylesheet takes (Vite's
 * preload helper), 0.7 KB gzipped of its first JavaScript (docs/benchmarks.md).
 */
import { useApp } from './app-context.js';
import { withLaterTexts, type Language } from './i18n.js';
import { lazyPage, PageLoading as Loading } from './lazy.js';
import type { Route } from './router.js';

export type OtherRoute = Exclude<Route, { page: 'table' | 'notFound' }>;

const CreatePage = lazyPage(() => withLaterTexts(() => import('./create/CreatePage.js')), Loading);
const ReplayPage = lazyPage<{ tableId: string; dealIndex: number }>(() => withLaterTexts(() => import('./table/ReplayPage.js')), Loading);
const RulesPage = lazyPage<{ lang: Language }>(() => withLaterTexts(() => import('./rules/RulesPage.js')), Loading);
const AdminPage = lazyPage<{ tableId: string }>(() => withLaterTexts(() => import('./admin/AdminPage.js')), Loading);
const EmbedPage = lazyPage<{ tableId: string; seat: boolean }>(
  () => withLaterTexts(() => import('./embed/EmbedPage.js').then((m) => ({ default: m.EmbedPage }))),
  Loading,
);
const EmbedDocsPage = lazyPage<Record<string, never>>(
  () => withLaterTexts(() => import('./embed/EmbedDocsPage.js').then((m) => ({ default: m.EmbedDocsPage }))),
  Loading,
);

export default function OtherPage({ route, hash }: { route: OtherRoute; hash: string }) {
  const { prefs } = useApp();
  switch (route.page) {
    case 'create':
      return <CreatePage />;
    case 'rules':
      return <RulesPage lang={prefs.lang} />;
    case 'replay':
      return <ReplayPage tableId={route.tableId} dealIndex={route.dealIndex} />;
    case 'embed':
      return <EmbedPage key={`${route.tableId}${hash}`} tableId={route.tableId} seat={route.seat} />;
    case 'embedDocs':
      return <EmbedDocsPage />;
    case 'admin':
      return <AdminPage key={`${route.tableId}${hash}`} tableId={route.tableId} />;
  }
}
