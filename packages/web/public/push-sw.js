/*
 * Parlor's push handling, loaded into the Workbox service worker (vite.config.ts, importScripts):
 * a push from the server (docs/notifications.md) is shown as a notification; a click on it focuses
 * a window already on that table, or opens one. Plain JavaScript: the service worker is built by
 * Workbox, not by the app's bundler. The payload is {title, body, url, tag, kind}; only a
 * same-origin path is opened. The steps are functions on `self.parlorPush` as well as behind the
 * two events, so that the browser tests can run the very code the events run.
 */

/** A push's payload, read: what the notification shows, and the path it opens (`/` when the payload has none fit to open). */
function parlorNotice(data) {
  const d = data !== null && typeof data === 'object' ? data : {};
  const url = typeof d.url === 'string' && d.url.startsWith('/') && !d.url.startsWith('//') ? d.url : '/';
  return {
    title: typeof d.title === 'string' && d.title !== '' ? d.title : 'Parlor',
    options: {
      body: typeof d.body === 'string' ? d.body : '',
      tag: typeof d.tag === 'string' ? d.tag : undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url },
    },
  };
}

/** Shows a push's payload as a notification. */
function parlorShow(data) {
  const n = parlorNotice(data);
  return self.registration.showNotification(n.title, n.options);
}

/** The address a click on a notification opens: its table's page, on this origin. */
function parlorTarget(notification) {
  const path = notification.data && typeof notification.data.url === 'string' ? notification.data.url : '/';
  return new URL(path, self.location.origin).href;
}

/** Focuses a window already at `target`, or opens one there (what a click does). */
function parlorOpen(target) {
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
    const open = windows.find((w) => w.url === target);
    if (open) return open.focus();
    return self.clients.openWindow(target);
  });
}

self.parlorPush = { notice: parlorNotice, show: parlorShow, target: parlorTarget, open: parlorOpen };

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  event.waitUntil(parlorShow(data));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(parlorOpen(parlorTarget(event.notification)));
});
