/*
 * Parlor's push handling, loaded into the Workbox service worker (vite.config.ts, importScripts):
 * a push from the server (docs/notifications.md) is shown as a notification; a click on it focuses
 * a window already on that table, or opens one. Plain JavaScript: the service worker is built by
 * Workbox, not by the app's bundler. The payload is {title, body, url, tag, kind}; only a
 * same-origin path is opened.
 */
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const url = typeof data.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//') ? data.url : '/';
  const title = typeof data.title === 'string' && data.title !== '' ? data.title : 'Parlor';
  event.waitUntil(self.registration.showNotification(title, {
    body: typeof data.body === 'string' ? data.body : '',
    tag: typeof data.tag === 'string' ? data.tag : undefined,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    data: { url },
  }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = event.notification.data && typeof event.notification.data.url === 'string' ? event.notification.data.url : '/';
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
    const open = windows.find((w) => w.url === target);
    if (open) return open.focus();
    return self.clients.openWindow(target);
  }));
});
