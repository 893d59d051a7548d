import type { PushMessage } from '@nq/contracts/alerts/alert-push';
import { collectConsoleErrors, openSignedIn, screenshot } from './support.ts';
import { expect, test } from './test.ts';

// The console's service worker in a real browser: served by the platform from its own origin under the console's
// content security policy, it shows an alert push as a notification. The push is delivered through the browser's
// DevTools protocol (a real push service is out of reach here); the API tests prove what the platform sends.

const firing: PushMessage = {
  title: 'Alert firing: Slow fibre downloads',
  body: 'Probe probe001: 3 of 5 measurements met a condition',
  url: '/alerts?tab=history',
  tag: 'alert-slow-fibre-probe-probe001',
  alertId: 'slow-fibre',
  alertType: 'landline',
  groupKind: 'probe',
  state: 'firing',
  entryId: `ah-${'0'.repeat(32)}`,
};

test('the service worker shows an alert push as a notification that leads to the alert history', async ({
  page,
  context,
}, testInfo) => {
  const errors = collectConsoleErrors(page);
  await context.grantPermissions(['notifications']);
  await openSignedIn(page, '/alerts', 'analyst');
  const origin = new URL(page.url()).origin;
  await expect(page.getByRole('button', { name: 'Notify me in this browser' })).toBeVisible();
  await screenshot(page, 'alerts-push-button', testInfo);

  const worker = await page.request.get('/push-worker.js');
  expect(worker.headers()['content-type']).toMatch(/^(text|application)\/javascript/);

  const cdp = await context.newCDPSession(page);
  const registered = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL === `${origin}/`);
      if (ours && !ours.isDeleted) resolve(ours.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  // Ready once activated: a push delivered to a worker still activating may be dropped by the browser.
  const scope = await page.evaluate(async () => {
    await navigator.serviceWorker.register('/push-worker.js');
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active!;
    if (worker.state !== 'activated')
      await new Promise<void>((activated) =>
        worker.addEventListener('statechange', () => worker.state === 'activated' && activated()),
      );
    return registration.scope;
  });
  expect(scope).toBe(`${origin}/`);

  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registered,
    data: JSON.stringify(firing),
  });
  const shown = () =>
    page.evaluate(async () => {
      const notifications = await (await navigator.serviceWorker.ready).getNotifications();
      return notifications.map(({ title, body, tag, data, requireInteraction }) => ({
        title,
        body,
        tag,
        data,
        requireInteraction,
      }));
    });
  await expect.poll(shown, { timeout: 30_000 }).toEqual([
    {
      title: firing.title,
      body: firing.body,
      tag: firing.tag,
      data: { url: '/alerts?tab=history' },
      requireInteraction: true,
    },
  ]);

  // The group's next state replaces its notification.
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registered,
    data: JSON.stringify({ ...firing, title: 'Alert resolved: Slow fibre downloads', state: 'resolved' }),
  });
  await expect
    .poll(async () => (await shown()).map(({ title }) => title), { timeout: 30_000 })
    .toEqual(['Alert resolved: Slow fibre downloads']);
  expect(errors).toEqual([]);
});
