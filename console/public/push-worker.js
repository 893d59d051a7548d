// The console's service worker for alert notifications (registered by console/src/features/alerts/api/browser-push.ts).
// It shows each push the platform sends (a PushMessage, contracts/src/alerts/alert-push.ts) and, on a click, brings
// the console to the message's page of this origin. It handles no fetch: the console works the same without it.

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let message;
  try {
    message = event.data?.json();
  } catch {
    return;
  }
  if (!message?.title) return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      // A group's newer state replaces its older notification, and still alerts the user.
      tag: message.tag,
      renotify: Boolean(message.tag),
      icon: '/favicon.svg',
      requireInteraction: message.state === 'firing',
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/alerts', self.location.origin);
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window' });
      const console = windows.find((client) => new URL(client.url).origin === target.origin);
      if (console) {
        await console.focus();
        if (console.url !== target.href) await console.navigate(target.href).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});
