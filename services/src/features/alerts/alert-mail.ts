import { type AlertGroupState, type AlertHistoryEntry, kpiById, type Language } from '@nq/contracts';
import type { MailMessage } from '@nq/platform/mail/mail-port';
import { readAll } from '@nq/platform/read-store/read-all';
import type { ReadStore } from '@nq/platform/read-store/read-store-port';
import type { EvaluatedAlert } from './alert-matching.ts';

// The e-mail telling an alert's recipient that a group changed state, in the recipient's language: theirs when they
// are a user of the platform, else the language most users of the alert's profile prefer, else English.

const stateWords: Record<Language, Record<AlertGroupState, string>> = {
  en: { firing: 'firing', resolved: 'resolved', noData: 'no data' },
  es: { firing: 'disparada', resolved: 'resuelta', noData: 'sin datos' },
};
const groupWords: Record<Language, Record<AlertHistoryEntry['group']['kind'], string>> = {
  en: { probe: 'probe', campaign: 'campaign', universe: 'universe' },
  es: { probe: 'sonda', campaign: 'campaña', universe: 'universo' },
};
const texts = {
  en: {
    subject: (alert: string, group: string, state: string) => `Alert ${alert}: ${group} ${state}`,
    window: (start: string, end: string) => `Window: ${start} to ${end} (UTC)`,
    counts: (measurements: number, matching: number) =>
      `${measurements} measurements, ${matching} of them meeting a condition`,
    worst: (kpi: string, value: number, unit: string) => `Worst ${kpi}: ${value} ${unit}`,
    history: 'The alert history:',
  },
  es: {
    subject: (alert: string, group: string, state: string) => `Alerta ${alert}: ${group} ${state}`,
    window: (start: string, end: string) => `Ventana: de ${start} a ${end} (UTC)`,
    counts: (measurements: number, matching: number) =>
      `${measurements} mediciones, ${matching} de ellas cumplen una condición`,
    worst: (kpi: string, value: number, unit: string) => `Peor ${kpi}: ${value} ${unit}`,
    history: 'El historial de alertas:',
  },
} as const;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
const shortTime = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/** The message about one history entry to recipients of one language. */
export function alertMailMessage(
  entry: AlertHistoryEntry,
  alert: EvaluatedAlert,
  language: Language,
  publicUrl: string,
): Omit<MailMessage, 'to'> {
  const text = texts[language];
  const group = `${groupWords[language][entry.group.kind]} ${entry.group.label ?? entry.group.id}`;
  const lines = [
    text.window(shortTime(entry.window.start), shortTime(entry.window.end)),
    text.counts(entry.measurements, entry.matching),
  ];
  const condition = entry.condition === undefined ? undefined : alert.fields.conditions[entry.condition];
  const kpi = condition ? kpiById.get(condition.kpi) : undefined;
  if (kpi && entry.value !== undefined) lines.push(text.worst(kpi.label[language], entry.value, kpi.unit));
  const link = `${publicUrl.replace(/\/+$/, '')}/alerts?tab=history&alert=${encodeURIComponent(alert.id)}`;
  return {
    subject: text.subject(alert.fields.name, group, stateWords[language][entry.state]),
    text: `${lines.join('\n')}\n\n${text.history}\n${link}\n`,
    html: `<p>${lines.map(escapeHtml).join('<br>')}</p><p>${escapeHtml(text.history)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
  };
}

const mostCommon = (values: readonly Language[]): Language | undefined => {
  const counts = new Map<Language, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
};

/** Each recipient's language for the alerts given, read from the users read model. */
export async function recipientLanguages(readStore: ReadStore, alerts: readonly EvaluatedAlert[]) {
  const mailing = alerts.filter((alert) => alert.fields.email.enabled);
  const recipients = [...new Set(mailing.flatMap((alert) => alert.fields.email.recipients))];
  const owners = [...new Set(mailing.map((alert) => alert.owner))];
  if (recipients.length === 0) return (_recipient: string, _alert: EvaluatedAlert): Language => 'en';
  const users = await readAll(readStore, 'users', [
    {
      anyOf: [
        { field: 'email', in: recipients },
        { field: 'profiles', in: owners },
      ],
    },
  ]);
  const languageOf = (user: Record<string, unknown>): Language => (user.preferredLanguage === 'es' ? 'es' : 'en');
  const byEmail = new Map(users.map((user) => [String(user.email ?? '').toLowerCase(), languageOf(user)]));
  const byOwner = new Map(
    owners.map((owner) => [
      owner,
      mostCommon(users.filter((user) => Array.isArray(user.profiles) && user.profiles.includes(owner)).map(languageOf)),
    ]),
  );
  return (recipient: string, alert: EvaluatedAlert): Language =>
    byEmail.get(recipient.toLowerCase()) ?? byOwner.get(alert.owner) ?? 'en';
}
export type RecipientLanguage = Awaited<ReturnType<typeof recipientLanguages>>;
