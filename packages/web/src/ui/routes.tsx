import { type ReactNode, Suspense, lazy } from 'react';
import { Lobby } from './lobby/Lobby.js';

// The table page (and, through it, the game screens and their rules) is a chunk of its own, loaded
// when a table is opened: the first load of the page carries the lobby only.
const TablePage = lazy(() => import('./table/TablePage.js').then((m) => ({ default: m.TablePage })));

/**
 * The pages of the client, first match wins: each route reads the URL and, when it is its page,
 * renders it. One line a page; the lobby is the last, catch-all route.
 */
export interface Route {
  render(url: URL): ReactNode | null;
}

const path = (re: RegExp, page: (m: RegExpExecArray, url: URL) => ReactNode): Route => ({
  render: (url) => {
    const m = re.exec(url.pathname);
    return m === null ? null : page(m, url);
  },
});

export const ROUTES: readonly Route[] = [
  // `/t/<id>` a table (`?invite=…` for a private one).
  path(/^\/t\/([A-Za-z0-9_-]+)$/, (m, url) => (
    <Suspense fallback={<div className="table-page" aria-busy="true" />}>
      <TablePage tableId={m[1]!} invite={url.searchParams.get('invite')} />
    </Suspense>
  )),
  // Anything else: the lobby.
  { render: () => <Lobby /> },
];

export function page(url: URL): ReactNode {
  for (const r of ROUTES) {
    const out = r.render(url);
    if (out !== null) return out;
  }
  return null;
}
