import { createHash } from 'node:crypto';
import type { AlertHistoryEntry, Language } from '@nq/contracts';
import type { Platform } from '@nq/platform/platform';
import { readAll } from '@nq/platform/read-store/read-all';
import { openPushSubscriptions, pushSender, vapidKeys } from '../push/index.ts';
import type { EvaluatedAlert } from './alert-matching.ts';
import { alertPushMessage } from './alert-push-message.ts';

/** What web push reads of an alert: whose it is and its settings. */
export type PushedAlert = Pick<EvaluatedAlert, 'id' | 'owner' | 'fields'>;

export interface PushReport {
  sent: number;
  gone: number;
  failed: number;
  alreadySent: number;
}

const dayInSeconds = 86_400;

/** The ports web push needs, opened once per platform. */
const pushPorts = new WeakMap<Platform, ReturnType<typeof openPorts>>();
async function openPorts(platform: Platform) {
  const subscriptions = await openPushSubscriptions(platform.sql);
  const keys = await vapidKeys(platform.sql, platform.config.push.vapidKeys);
  return {
    subscriptions,
    send: pushSender(
      { ...keys, subject: platform.config.push.subject },
      { allowPrivateEndpoints: platform.config.push.allowPrivateEndpoints },
    ),
  };
}
const portsOf = (platform: Platform) => {
  if (!pushPorts.has(platform)) pushPorts.set(platform, openPorts(platform));
  return pushPorts.get(platform)!;
};

/** Notifications of one alert group replace each other while undelivered (a topic is at most 32 characters). */
const topicOf = (entry: AlertHistoryEntry) =>
  createHash('sha256')
    .update(`${entry.alertId}\n${entry.group.kind}\n${entry.group.id}`)
    .digest('base64url')
    .slice(0, 32);

/**
 * Web push of an alert's history entry to every browser of the users of the alert's owner profile, each in the
 * user's language, when the alert has push on. Each (entry, browser) is claimed before it is sent, so a replayed
 * entry pushes nothing twice; a browser its push service says is gone is forgotten, and any other failure releases
 * the claim so that a later replay tries again.
 */
export async function notifyPush(
  entry: AlertHistoryEntry,
  alert: PushedAlert,
  platform: Platform,
): Promise<PushReport> {
  const report: PushReport = { sent: 0, gone: 0, failed: 0, alreadySent: 0 };
  if (!alert.fields.push.enabled) return report;
  const users = await readAll(platform.readStore, 'users', [{ field: 'profiles', equals: alert.owner }]);
  const languageOf = new Map<string, Language>(
    users.map((user) => [user.id, user.preferredLanguage === 'es' ? 'es' : 'en']),
  );
  const { subscriptions, send } = await portsOf(platform);
  for (const subscription of await subscriptions.ofUsers([...languageOf.keys()])) {
    if (!(await subscriptions.claimDelivery(entry.id, subscription.endpoint))) {
      report.alreadySent += 1;
      continue;
    }
    const message = alertPushMessage(entry, languageOf.get(subscription.userId) ?? 'en');
    const outcome = await send(subscription, JSON.stringify(message), {
      ttlSeconds: dayInSeconds,
      urgency: entry.state === 'firing' ? 'high' : 'normal',
      topic: topicOf(entry),
    });
    if (outcome.sent) report.sent += 1;
    else if (outcome.gone) {
      report.gone += 1;
      await subscriptions.forget(subscription.endpoint);
    } else {
      report.failed += 1;
      await subscriptions.releaseDelivery(entry.id, subscription.endpoint);
    }
  }
  return report;
}
