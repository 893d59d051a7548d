import type { ConfigurationKind } from '@nq/contracts';

/** The kinds of configuration whose changes can move a time chart's numbers. */
export const markedKinds = ['probe', 'campaign', 'cluster', 'universe', 'provider', 'scorecard'] as const;
export type MarkedKind = (typeof markedKinds)[number] & ConfigurationKind;

/**
 * The fields whose change alters which measurements a chart counts, or how they are attributed (`status` is also the
 * entity's own: a deletion). A probe: where it is, in which campaign, cluster or universe, through which connection,
 * whether it measures and what; a campaign: its polygon and dates (ingest attributes measurements by them); a cluster
 * or universe: its members (and a cluster's geofilters and dates); a provider: what ingest recognises an ISP by
 * (name, label, SPN, IMSIs, IP ranges). Any change of a scorecard redefines it.
 */
const touchingFields: Record<MarkedKind, ReadonlySet<string> | 'any'> = {
  probe: new Set([
    'campaign',
    'cluster',
    'universe',
    'latitude',
    'longitude',
    'fixedGps',
    'country',
    'region',
    'town',
    'address',
    'postCode',
    'timeZone',
    'connection',
    'status',
    'taskSuite',
  ]),
  campaign: new Set(['polygon', 'startDate', 'endDate', 'status']),
  cluster: new Set(['probes', 'geoFilters', 'startDate', 'endDate', 'dateRanges', 'status']),
  universe: new Set(['probes', 'status']),
  provider: new Set(['name', 'label', 'spn', 'imsis', 'ipRanges', 'status']),
  scorecard: 'any',
};

/** Whether a change of these fields touches a chart's scope (for this kind of entity). */
export function touchesScope(kind: MarkedKind, fields: readonly string[]): boolean {
  const touching = touchingFields[kind];
  return fields.length > 0 && (touching === 'any' || fields.some((field) => touching.has(field)));
}
