import { z } from 'zod';
import { type ConfigurationKind, configurationKinds } from '../configuration/kinds.ts';

/** One field an event changed: its value before and after (absent when it had none). */
export const fieldChangeSchema = z.object({
  field: z.string(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});
export type FieldChange = z.infer<typeof fieldChangeSchema>;

/** One event of an entity's history (`GET /api/audit/{kind}/{id}/history`): who, when, and the fields it changed. */
export const historyEntrySchema = z.object({
  version: z.number().int(),
  type: z.string(),
  recordedAt: z.string(),
  position: z.string(),
  actor: z.object({ userId: z.string(), profileId: z.string() }),
  commandId: z.string(),
  changes: z.array(fieldChangeSchema),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** The configuration entities the settings history covers (`/api/audit/{kind}/…`): every one of them. */
export const auditedKinds = Object.fromEntries(
  Object.entries(configurationKinds).map(([kind, { nameField }]) => [kind, nameField]),
) as { [Kind in ConfigurationKind]: (typeof configurationKinds)[Kind]['nameField'] };
export type AuditedKind = ConfigurationKind;
export const isAuditedKind = (kind: unknown): kind is AuditedKind => typeof kind === 'string' && kind in auditedKinds;

/** What an id in an entity's fields names: another audited entity, a KPI of the catalogue, or a screen (layer). */
export type AuditReference = AuditedKind | 'kpi' | 'layer';

/**
 * The fields of each audited kind that hold ids of something else, by dotted path; an array on the way stands for
 * each of its elements (`probes.probeId`). The audit answers name the entities; the console names KPIs and screens.
 */
export const auditReferences: Record<AuditedKind, Readonly<Record<string, AuditReference>>> = {
  tag: { profiles: 'profile' },
  provider: {},
  cdn: { provider: 'provider' },
  cube: { kpis: 'kpi' },
  'task-suite': {},
  campaign: {},
  geofilter: {},
  cluster: { geoFilters: 'geofilter', 'probes.probeId': 'probe' },
  universe: { 'probes.probeId': 'probe' },
  mos: { 'entries.kpi': 'kpi' },
  scorecard: {
    campaigns: 'campaign',
    clusters: 'cluster',
    providers: 'provider',
    universes: 'universe',
    'kpis.kpi': 'kpi',
    'mosEntries.kpi': 'kpi',
  },
  'regulatory-report': {
    campaigns: 'campaign',
    clusters: 'cluster',
    providers: 'provider',
    universes: 'universe',
    'kpis.kpi': 'kpi',
  },
  probe: { campaign: 'campaign', taskSuite: 'task-suite', universe: 'universe', cluster: 'cluster', tags: 'tag' },
  profile: {
    'layers.id': 'layer',
    startPage: 'layer',
    'kpis.id': 'kpi',
    'campaigns.id': 'campaign',
    clusters: 'cluster',
    probes: 'probe',
    tags: 'tag',
    'isps.id': 'provider',
    'csvTemplates.favorites': 'csv-template',
    'csvTemplates.order': 'csv-template',
  },
  user: { profiles: 'profile' },
  'csv-template': { 'columns.key': 'kpi' },
  alert: { 'conditions.kpi': 'kpi', campaigns: 'campaign', universes: 'universe', providers: 'provider' },
  'personal-dashboard': { 'categories.graphics.scorecardId': 'scorecard' },
};

/** The texts found at a dotted path of a value, through arrays (`probes.probeId` of a cluster's fields). */
export function valuesAt(value: unknown, path: readonly string[]): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => valuesAt(item, path));
  if (path.length === 0) return typeof value === 'string' && value !== '' ? [value] : [];
  if (value === null || typeof value !== 'object') return [];
  const [key = '', ...rest] = path;
  return valuesAt((value as Record<string, unknown>)[key], rest);
}

/** The other audited entities some fields of a kind refer to, each once. */
export function referencedEntities(kind: AuditedKind, fields: readonly Record<string, unknown>[]) {
  const found = new Map<string, { kind: AuditedKind; id: string }>();
  for (const [path, target] of Object.entries(auditReferences[kind])) {
    if (target === 'kpi' || target === 'layer') continue;
    for (const id of fields.flatMap((value) => valuesAt(value, path.split('.'))))
      found.set(`${target}:${id}`, { kind: target, id });
  }
  return [...found.values()];
}

/**
 * The names of the entities an audit answer refers to (its actors and the ids in its fields), by kind then id: only
 * those the caller may read; an id left out is shown as it is.
 */
export const auditNamesSchema = z.partialRecord(
  z.enum(Object.keys(auditedKinds) as [AuditedKind, ...AuditedKind[]]),
  z.record(z.string(), z.string()),
);
export type AuditNames = z.infer<typeof auditNamesSchema>;

/** `GET /api/audit/{kind}/{id}/history`: the entity's changes, oldest first. */
export const historyAnswerSchema = z.object({
  kind: z.string(),
  id: z.string(),
  history: z.array(historyEntrySchema),
  names: auditNamesSchema,
});
export type HistoryAnswer = z.infer<typeof historyAnswerSchema>;

/** An entity as of an instant (`GET /api/audit/{kind}/{id}?asOf=`), replayed from its events; 'absent' before the first. */
export const entityAsOfSchema = z.object({
  kind: z.string(),
  id: z.string(),
  asOf: z.string(),
  status: z.enum(['absent', 'active', 'deleted']),
  version: z.number().int(),
  owner: z.string(),
  fields: z.record(z.string(), z.unknown()),
  names: auditNamesSchema,
});
export type EntityAsOf = z.infer<typeof entityAsOfSchema>;
