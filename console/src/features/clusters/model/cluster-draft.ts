import { clusterFieldsSchema } from '@nq/contracts/configuration/cluster';
import { overlappingRanges } from '@nq/contracts/configuration/date-ranges';
import type { DraftModel } from '../../geo-entities/model/draft-model.ts';
import { schemaProblems, withEndNotBeforeStart } from '../../geo-entities/model/form-problems.ts';
import { dayOf, endOfDay, endsBeforeStart, startOfDay } from '../../geo-entities/model/utc-dates.ts';
import type { Cluster } from '../api/clusters-api.ts';

// The cluster form edits days (UTC): a range or a probe's membership runs from 00:00:00 of its start day to
// 23:59:59 of its end day, or on without an end (contracts' date-ranges: half-open, the end optional).

export interface RangeDraft {
  /** Tells rows apart while they are edited. */
  key: string;
  start: string;
  end: string;
}
export interface MembershipDraft extends RangeDraft {
  probeId: string;
}

export const attributeNames = ['country', 'provider', 'technology', 'speedProfile', 'region'] as const;
export type AttributeName = (typeof attributeNames)[number];

export interface ClusterDraft {
  name: string;
  description: string;
  colour: string;
  image?: string | undefined;
  attributes: Record<AttributeName, string>;
  startDate: string;
  endDate: string;
  dateRanges: RangeDraft[];
  probes: MembershipDraft[];
  geoFilters: string[];
}

export const clusterFormFields = [
  'name',
  'description',
  'colour',
  'image',
  'attributes',
  'startDate',
  'endDate',
  'dateRanges',
  'probes',
  'geoFilters',
] as const;

export const defaultClusterColour = '#2563eb';

let rows = 0;
export const newRowKey = () => `row-${++rows}`;

export const emptyRange = (): RangeDraft => ({ key: newRowKey(), start: '', end: '' });
export const emptyMembership = (): MembershipDraft => ({ ...emptyRange(), probeId: '' });

export function clusterDraft(cluster?: Cluster): ClusterDraft {
  return {
    name: cluster?.name ?? '',
    description: cluster?.description ?? '',
    colour: cluster?.colour ?? defaultClusterColour,
    image: cluster?.image,
    attributes: Object.fromEntries(
      attributeNames.map((name) => [name, cluster?.attributes?.[name] ?? '']),
    ) as ClusterDraft['attributes'],
    startDate: dayOf(cluster?.startDate),
    endDate: dayOf(cluster?.endDate),
    dateRanges: (cluster?.dateRanges ?? []).map((range) => ({
      key: newRowKey(),
      start: dayOf(range.start),
      end: dayOf(range.end),
    })),
    probes: (cluster?.probes ?? []).map((membership) => ({
      key: newRowKey(),
      probeId: membership.probeId,
      start: dayOf(membership.start),
      end: dayOf(membership.end),
    })),
    geoFilters: [...(cluster?.geoFilters ?? [])],
  };
}

const range = (draft: RangeDraft) => ({ start: startOfDay(draft.start), end: endOfDay(draft.end) });
const filled = (text: string) => (text.trim() ? text.trim() : undefined);

export function clusterBody(draft: ClusterDraft): Record<string, unknown> {
  return {
    name: draft.name.trim(),
    description: filled(draft.description),
    colour: filled(draft.colour),
    image: draft.image,
    attributes: Object.fromEntries(
      attributeNames.flatMap((name) =>
        filled(draft.attributes[name]) ? [[name, filled(draft.attributes[name])]] : [],
      ),
    ),
    startDate: startOfDay(draft.startDate),
    endDate: endOfDay(draft.endDate),
    dateRanges: draft.dateRanges.map(range),
    probes: draft.probes.map((membership) => ({ probeId: membership.probeId, ...range(membership) })),
    geoFilters: draft.geoFilters,
  };
}

/**
 * The contract's rules before any call: the schema's (name, image of at most 1 MB, dates…), the end not before the
 * start, and "date ranges must not overlap" (docs/product/rules.md#universes-clusters-and-campaigns) among the
 * cluster's ranges and among each probe's memberships.
 */
export function clusterProblems(draft: ClusterDraft): Record<string, string> {
  const body = clusterBody(draft);
  const problems = withEndNotBeforeStart(schemaProblems(clusterFieldsSchema, body, clusterFormFields), draft);
  const rangesEndingBeforeStart = (rows: RangeDraft[]) => rows.some((row) => endsBeforeStart(row.start, row.end));
  for (const field of ['dateRanges', 'probes'] as const) {
    if (problems[field]) continue;
    const rows = draft[field];
    if (rangesEndingBeforeStart(rows)) problems[field] = 'validation.endBeforeStart';
    else if (overlappingRanges(clusterFieldsSchema.shape[field].parse(body[field])).length > 0)
      problems[field] = 'clusters.dateRangesOverlap';
  }
  return problems;
}

export const clusterDraftModel: DraftModel<Cluster, ClusterDraft> = {
  fields: clusterFormFields,
  draftOf: clusterDraft,
  bodyOf: clusterBody,
  problemsOf: clusterProblems,
};
