import type { ReactNode } from 'react';
import { Lobby } from './lobby/Lobby.js';
import { TablePage } from './table/TablePage.js';

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
  path(/^\/t\/([A-Za-z0-9_-]+)$/, (m, url) => <TablePage tableId={m[1]!} invite={url.searchParams.get('invite')} />),
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
