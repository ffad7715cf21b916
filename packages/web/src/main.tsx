// First: before any module builds a zod schema (see zod-jitless.ts).
import './zod-jitless.js';
import { createRoot } from 'react-dom/client';
import { initI18n } from './i18n/index.js';
import { ParlorClient } from './net/client.js';
import { Store } from './state/store.js';
import { App } from './ui/App.js';
import './styles.css';

const store = new Store();
const client = new ParlorClient();
client.onMessage(store.receive);
client.onState(store.setConnection);

await initI18n();
if (client.token !== null) client.start();
createRoot(document.getElementById('root')!).render(<App client={client} store={store} />);
