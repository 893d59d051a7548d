import { type AlertFields, type AlertGrouping, alertFieldsSchema, type EnrichedMeasurement } from '@nq/contracts';
import type { ReadDocument } from '@nq/platform/read-store/read-store-port';

/** An alert as the evaluator reads it from the alerts read model. */
export interface EvaluatedAlert {
  id: string;
  /** The profile that owns it: who sees its history. */
  owner: string;
  version: number;
  fields: AlertFields;
}

/** The alert of a read-model document, if it is one the evaluator runs: enabled and Active. */
export function evaluatedAlert(document: ReadDocument): EvaluatedAlert | undefined {
  const parsed = alertFieldsSchema.safeParse(document);
  if (!parsed.success || !parsed.data.enabled || parsed.data.status !== 'Active') return undefined;
  return {
    id: document.id,
    owner: String(document.owner ?? ''),
    version: Number(document.version ?? 0),
    fields: parsed.data,
  };
}

const narrows = <T>(allowed: readonly T[], value: T | undefined) =>
  allowed.length === 0 || (value !== undefined && allowed.includes(value));
const narrowsAny = <T>(allowed: readonly T[], values: readonly T[]) =>
  allowed.length === 0 || values.some((value) => allowed.includes(value));

/**
 * The groups of an alert a measurement counts in: none when it is not of the alert's type, of a program of its
 * conditions, and of its technologies, campaigns, universes and providers (empty: all); else its probe, or each of
 * its campaigns or universes (those the alert names, when it names some).
 */
export function groupsOf(alert: EvaluatedAlert, measurement: EnrichedMeasurement): string[] {
  const { fields } = alert;
  if (measurement.probeType !== fields.type) return [];
  if (!fields.conditions.some((condition) => condition.program === measurement.program)) return [];
  if (!narrows(fields.technologies, measurement.technology)) return [];
  if (!narrowsAny(fields.campaigns, measurement.campaigns)) return [];
  if (!narrowsAny(fields.universes, measurement.universes)) return [];
  if (!narrows(fields.providers, measurement.ispId ?? measurement.provider)) return [];
  const within = (named: readonly string[], ids: readonly string[]) =>
    [...new Set(named.length === 0 ? ids : ids.filter((id) => named.includes(id)))].sort();
  const byGrouping: Record<AlertGrouping, () => string[]> = {
    probe: () => [measurement.probeId],
    campaign: () => within(fields.campaigns, measurement.campaigns),
    universe: () => within(fields.universes, measurement.universes),
  };
  return byGrouping[fields.grouping]();
}
