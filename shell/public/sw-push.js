/*
 * Push service worker (spec section 7: registered at /sw-push.js). Shows the notifications the
 * server pushes (api/src/modules/notifications: JSON { title, body, url, tag, icon, badge }), puts
 * `badge` (unread messages + new likes) on the installed app's icon (failures ignored), and
 * on a click opens the page it names (the conversation, the likes page, the match) in an open tab
 * of the site, else in a new one. Served no-cache by the server so a new version is picked up on
 * the next visit.
 */
self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : self.location.hostname;
  if (typeof data.badge === 'number' && self.navigator && typeof self.navigator.setAppBadge === 'function') {
    self.navigator.setAppBadge(data.badge).catch(() => undefined);
  }
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      icon: typeof data.icon === 'string' ? data.icon : undefined,
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      data: { url: typeof data.url === 'string' ? data.url : '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin);
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (!open) return self.clients.openWindow(target.href);
      return open
        .focus()
        .then((client) => (client && 'navigate' in client ? client.navigate(target.href) : null))
        .catch(() => self.clients.openWindow(target.href));
    }),
  );
});
