import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { startTestPushService, type TestPushService } from '../../testing/test-push-service.ts';
import { pushSender } from './push-sender.ts';

const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:noc@example.com' };
const options = { ttlSeconds: 60, urgency: 'normal' } as const;

describe('a push sent to a browser’s push service', () => {
  let pushService: TestPushService;
  beforeAll(async () => {
    pushService = await startTestPushService();
  });
  afterAll(() => pushService?.close());

  const sentTo = (endpoint: string, allowPrivateEndpoints: boolean) => {
    const { subscription } = pushService.browser();
    return pushSender(vapid, { allowPrivateEndpoints })({ userId: 'u1', ...subscription, endpoint }, 'hi', options);
  };

  it('reaches a push service the platform may call', async () => {
    const browser = pushService.browser();
    const send = pushSender(vapid, { allowPrivateEndpoints: true });
    expect(await send({ userId: 'u1', ...browser.subscription }, 'hi', options)).toEqual({ sent: true });
    expect(pushService.pushesTo(browser)).toHaveLength(1);
  });

  it('connects to no address the platform must not call, even where the name resolves to it only now', async () => {
    const port = new URL(pushService.url).port;
    expect(await sentTo(`https://[::7f00:1]:${port}/push`, false)).toEqual({
      sent: false,
      gone: true,
      reason: 'not a public push address: ::7f00:1 reserved',
    });
    expect(await sentTo(`${pushService.url}/push/x`, false)).toEqual({
      sent: false,
      gone: true,
      reason: 'not a public push address: http: is not https',
    });
    // Refused by the lookup the connection resolves the name through, not by a separate check before it.
    const byName = await sentTo(`https://localhost:${port}/push`, false);
    expect(byName).toMatchObject({ sent: false, gone: true });
    expect(byName.sent === false && byName.reason).toMatch(
      /^not a public push address: localhost: (127\.0\.0\.1|::1) loopback$/,
    );
  });
});
