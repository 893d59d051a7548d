import type { AlertGrouping } from '@nq/contracts';
import { readAll } from '@nq/platform/read-store/read-all';
import type { ReadStore } from '@nq/platform/read-store/read-store-port';
import { type RecipientLanguage, recipientLanguages } from './alert-mail.ts';
import { type EvaluatedAlert, evaluatedAlert } from './alert-matching.ts';

/** The alerts the evaluator runs and their recipients' languages, re-read from the read models every `refreshMs`. */
export function alertBook(readStore: ReadStore, refreshMs: number, onError: (error: unknown) => void) {
  let read: { at: number; alerts: EvaluatedAlert[]; byId: Map<string, EvaluatedAlert>; languageOf: RecipientLanguage };
  let reading: Promise<typeof read> | undefined;
  async function load() {
    // Fresh: a search index shows a write about a second late, and a measurement read meanwhile would miss an alert
    // just created or changed.
    const configs = await readAll(readStore, 'alertConfigs', [], { fresh: true });
    const alerts = configs.flatMap((document) => evaluatedAlert(document) ?? []);
    return {
      at: Date.now(),
      alerts,
      byId: new Map(alerts.map((alert) => [alert.id, alert])),
      languageOf: await recipientLanguages(readStore, alerts),
    };
  }
  return {
    /** The alerts as of at most `refreshMs` ago (the last ones read while the read models do not answer). */
    async current() {
      if (read && Date.now() - read.at < refreshMs) return read;
      reading ??= load().finally(() => {
        reading = undefined;
      });
      try {
        read = await reading;
      } catch (error) {
        if (!read) throw error;
        onError(error);
      }
      return read;
    },
  };
}
export type AlertBook = ReturnType<typeof alertBook>;

const collectionOf: Record<AlertGrouping, string> = {
  probe: 'probes',
  campaign: 'campaigns',
  universe: 'universes',
};

/** The names of probes, campaigns and universes a history entry shows beside their ids (kept once read). */
export function groupLabels(readStore: ReadStore) {
  const known = new Map<string, string | undefined>();
  const keyOf = (kind: AlertGrouping, id: string) => `${kind}/${id}`;
  return {
    async resolve(groups: readonly { kind: AlertGrouping; groupId: string }[]) {
      for (const kind of Object.keys(collectionOf) as AlertGrouping[]) {
        const missing = [
          ...new Set(groups.filter((g) => g.kind === kind && !known.has(keyOf(kind, g.groupId))).map((g) => g.groupId)),
        ];
        if (missing.length === 0) continue;
        const found = await readStore.getMany(collectionOf[kind], missing).catch(() => new Map());
        if (known.size > 50_000) known.clear();
        for (const id of missing) {
          const name = found.get(id)?.name;
          known.set(keyOf(kind, id), typeof name === 'string' ? name : undefined);
        }
      }
    },
    labelOf: (kind: AlertGrouping, id: string) => known.get(keyOf(kind, id)),
  };
}
export type GroupLabels = ReturnType<typeof groupLabels>;
