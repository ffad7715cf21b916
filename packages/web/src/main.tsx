// First: before any module builds a zod schema (see zod-jitless.ts).
import './zod-jitless.js';
// Early, to catch the browser's install offer whatever page opens first.
import './offline/install.js';
// Before the worker registers, to know whether this page was already controlled (offline/update.ts).
import './offline/update.js';
import { createRoot } from 'react-dom/client';
import { initI18n } from './i18n/index.js';
import { ParlorClient } from './net/client.js';
import { Store } from './state/store.js';
import { App } from './ui/App.js';
import './styles.css';

// The table page, the game screens and the translations are chunks loaded when first needed, and
// their names hold a hash of their content. A page loaded before an upgrade asks for the previous
// build's chunks, which are gone: it reloads itself to get the new build (at most once a minute,
// so that a chunk failing for another reason does not reload it in a loop). Offline it does not
// reload at all: the chunk failed for want of a network, and a reload would only leave the page
// for the browser's offline error.
window.addEventListener('vite:preloadError', (event) => {
  if (!navigator.onLine) return;
  const key = 'parlor.reloadedForChunks';
  if (Date.now() - Number(sessionStorage.getItem(key) ?? 0) < 60_000) return;
  sessionStorage.setItem(key, String(Date.now()));
  event.preventDefault();
  window.location.reload();
});

// The service worker (vite.config.ts, `pwa`) keeps the app and every chunk it loads later, so that
// after one visit the page opens with no network and offline games can be played. Registered once
// the page has loaded, so that its precaching does not compete with the first load.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => { void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined); }, { once: true });
}

const store = new Store();
const client = new ParlorClient();
client.onMessage(store.receive);
client.onState(store.setConnection);

await initI18n();
if (client.token !== null) client.start();
createRoot(document.getElementById('root')!).render(<App client={client} store={store} />);
