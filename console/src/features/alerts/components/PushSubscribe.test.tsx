import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, type FakeApi, fakeApi } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn } from '../../../shared/testing/render-screen.tsx';
import { PushSubscribe } from './PushSubscribe.tsx';

// The browser's notification APIs, faked: its permission, the service worker registration and its push manager.

const keyBytes = Uint8Array.from({ length: 65 }, (_, index) => (index === 0 ? 4 : index));
const publicKey = Buffer.from(keyBytes).toString('base64url');
const endpoint = 'https://push.example/send/browser-1';
const subscriptionJson = {
  endpoint,
  expirationTime: null,
  keys: { p256dh: Buffer.alloc(65, 7).toString('base64url'), auth: Buffer.alloc(16, 9).toString('base64url') },
};

function fakeBrowser(options: {
  permission?: NotificationPermission;
  answers?: NotificationPermission;
  key?: Uint8Array;
}) {
  const notification = {
    permission: options.permission ?? 'default',
    requestPermission: vi.fn(async () => {
      notification.permission = options.answers ?? 'granted';
      return notification.permission;
    }),
  };
  let subscription: ReturnType<typeof subscriptionWith> | null = null;
  const subscriptionWith = (key: Uint8Array) => ({
    endpoint,
    options: { applicationServerKey: key.buffer, userVisibleOnly: true },
    toJSON: () => subscriptionJson,
    unsubscribe: vi.fn(async () => {
      subscription = null;
      return true;
    }),
  });
  if (options.key) subscription = subscriptionWith(options.key);
  const pushManager = {
    subscribe: vi.fn(async ({ applicationServerKey }: { applicationServerKey: Uint8Array }) => {
      subscription = subscriptionWith(applicationServerKey);
      return subscription;
    }),
    getSubscription: async () => subscription,
  };
  let registered = !!options.key;
  const registration = { pushManager };
  const serviceWorker = {
    register: vi.fn(async () => {
      registered = true;
      return registration;
    }),
    ready: Promise.resolve(registration),
    getRegistration: async () => (registered ? registration : undefined),
  };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
  return { notification, serviceWorker, pushManager, subscription: () => subscription };
}

let api: FakeApi;
beforeEach(() => {
  api = fakeApi()
    .get('/api/push/public-key', { publicKey })
    .post('/api/push/subscriptions', { done: true })
    .delete('/api/push/subscriptions', { done: true });
  signIn(api);
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('Notify me in this browser', () => {
  it("asks the browser's permission, subscribes it with the platform's key and gives the platform the subscription", async () => {
    const browser = fakeBrowser({});
    const { user } = await renderScreen(<PushSubscribe />);
    await user.click(await screen.findByRole('button', { name: 'Notify me in this browser' }));

    expect(await screen.findByText("This browser notifies you of your profile's alerts.")).toBeInTheDocument();
    expect(browser.notification.requestPermission).toHaveBeenCalledOnce();
    expect(browser.serviceWorker.register).toHaveBeenCalledWith('/push-worker.js');
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: keyBytes,
    });
    expect(api.sent('POST', '/api/push/subscriptions').map((request) => request.body)).toEqual([subscriptionJson]);
    expect(screen.getByText("This browser will notify you of your profile's alerts.")).toBeInTheDocument();
  });

  it('subscribes nothing when the user does not allow notifications, and says why', async () => {
    const browser = fakeBrowser({ answers: 'denied' });
    const { user } = await renderScreen(<PushSubscribe />);
    await user.click(await screen.findByRole('button', { name: 'Notify me in this browser' }));

    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Notify me in this browser' })).not.toBeInTheDocument();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(api.sent('POST', '/api/push/subscriptions')).toEqual([]);
  });

  it('shows a browser already notifying as such, gives the platform its subscription again and turns it off', async () => {
    const browser = fakeBrowser({ permission: 'granted', key: keyBytes });
    const { user } = await renderScreen(<PushSubscribe />, { language: 'es' });

    expect(await screen.findByText('Este navegador te notifica las alertas de tu perfil.')).toBeInTheDocument();
    expect(api.sent('POST', '/api/push/subscriptions')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Dejar de notificarme aquí' }));

    expect(await screen.findByRole('button', { name: 'Notificarme en este navegador' })).toBeInTheDocument();
    expect(api.sent('DELETE', '/api/push/subscriptions').map((request) => request.body)).toEqual([{ endpoint }]);
    expect(browser.subscription()).toBeNull();
  });

  it('offers to subscribe again a browser subscribed with a key the platform no longer has', async () => {
    const browser = fakeBrowser({ permission: 'granted', key: new Uint8Array(65).fill(1) });
    const { user } = await renderScreen(<PushSubscribe />);
    await user.click(await screen.findByRole('button', { name: 'Notify me in this browser' }));

    expect(await screen.findByText("This browser notifies you of your profile's alerts.")).toBeInTheDocument();
    expect(browser.pushManager.subscribe).toHaveBeenCalledOnce();
    expect(new Uint8Array(browser.subscription()!.options.applicationServerKey)).toEqual(keyBytes);
  });

  it("says so when the platform cannot keep the subscription, in the user's language", async () => {
    fakeBrowser({});
    api.post('/api/push/subscriptions', answer(500, { code: 'generic.error' }));
    const { user } = await renderScreen(<PushSubscribe />, { language: 'es' });
    await user.click(await screen.findByRole('button', { name: 'Notificarme en este navegador' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No se han podido activar las notificaciones en este navegador.',
    );
    expect(screen.getByRole('button', { name: 'Notificarme en este navegador' })).toBeEnabled();
  });

  it('tells that the browser cannot show notifications', async () => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    await renderScreen(<PushSubscribe />);
    expect(await screen.findByText('This browser cannot show notifications.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
