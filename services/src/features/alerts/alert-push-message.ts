import type { AlertGrouping, AlertGroupState, AlertHistoryEntry, Language, PushMessage } from '@nq/contracts';

// The push a user sees when a group of an alert of their profile changes state, in the user's language.

const texts = {
  en: {
    title: { firing: 'Alert firing', resolved: 'Alert resolved', noData: 'Alert without data' },
    group: { probe: 'Probe', universe: 'Universe', campaign: 'Campaign' },
    firing: (matching: number, measurements: number) => `${matching} of ${measurements} measurements met a condition`,
    resolved: 'back to normal',
    noData: 'no measurements in the last window',
  },
  es: {
    title: { firing: 'Alerta disparada', resolved: 'Alerta resuelta', noData: 'Alerta sin datos' },
    group: { probe: 'Sonda', universe: 'Universo', campaign: 'Campaña' },
    firing: (matching: number, measurements: number) =>
      `${matching} de ${measurements} mediciones cumplieron una condición`,
    resolved: 'vuelve a la normalidad',
    noData: 'sin mediciones en la última ventana',
  },
} satisfies Record<
  Language,
  {
    title: Record<AlertGroupState, string>;
    group: Record<AlertGrouping, string>;
    firing: (matching: number, measurements: number) => string;
    resolved: string;
    noData: string;
  }
>;

/** The alerts screen's history tab, where the entry is listed. */
export const alertHistoryUrl = '/alerts?tab=history';

export function alertPushMessage(entry: AlertHistoryEntry, language: Language): PushMessage {
  const text = texts[language];
  const detail = entry.state === 'firing' ? text.firing(entry.matching, entry.measurements) : text[entry.state];
  return {
    title: `${text.title[entry.state]}: ${entry.alertName}`,
    body: `${text.group[entry.group.kind]} ${entry.group.label ?? entry.group.id}: ${detail}`,
    url: alertHistoryUrl,
    tag: `alert-${entry.alertId}-${entry.group.kind}-${entry.group.id}`,
    alertId: entry.alertId,
    alertType: entry.alertType,
    groupKind: entry.group.kind,
    state: entry.state,
    entryId: entry.id,
  };
}
