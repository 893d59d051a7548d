import { DomainError, type HttpErrorCode, overlappingRanges } from '@nq/contracts';
import { streamIdOf } from './entity-decider.ts';
import type { EntityDefinition, RuleContext } from './entity-definition.ts';

// Rules shared by campaigns, geographic filters, clusters and universes
// (docs/product/rules.md#universes-clusters-and-campaigns).

/** What a name is reserved under: names compare case-insensitively. */
export const nameKey = (name: string) => name.trim().toLowerCase();

/** Names no two live entities of a kind may share, compared case-insensitively. */
export const uniqueName = (scope: string, conflict: HttpErrorCode) => ({
  scope,
  valueOf: (fields: { name: string }) => [nameKey(fields.name)],
  conflict,
});

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Refuses a name from settings.forbiddenNames (case-insensitive) when it is given or changed; an entity whose name
 * was allowed when it was created stays editable if the list grows later.
 */
export function refuseForbiddenName(
  fields: { name: string },
  context: RuleContext,
  code: HttpErrorCode,
  previous?: { name: string },
): void {
  if (previous && sameName(previous.name, fields.name)) return;
  if (context.settings.forbiddenNames.some((forbidden) => sameName(forbidden, fields.name)))
    throw new DomainError(code, { details: { field: 'name', name: fields.name } });
}

/** Refuses an end before the start (equal is allowed); either may be absent. */
export function refuseEndBeforeStart(start: string | undefined, end: string | undefined, field = 'endDate'): void {
  if (start !== undefined && end !== undefined && Date.parse(end) < Date.parse(start))
    throw new DomainError('validation.endBeforeStart', { details: { field, start, end } });
}

/** Refuses date ranges that overlap (per probe for memberships), listing the pairs in the details. */
export function refuseOverlappingRanges(
  ranges: Parameters<typeof overlappingRanges>[0],
  field: string,
  code: HttpErrorCode,
): void {
  const overlaps = overlappingRanges(ranges);
  if (overlaps.length > 0) throw new DomainError(code, { details: { field, overlaps } });
}

/**
 * A cluster's or universe's probes changed, named for auditors (a field intent): its `intent` keeps the probes' ids,
 * its changes their date ranges.
 */
export const probeMembershipIntent = {
  fields: ['probes'],
  events: ['ProbesChanged'],
  recorded: (memberships: unknown) => [
    ...new Set((memberships as { probeId: string }[]).map((member) => member.probeId)),
  ],
} as const;

/**
 * Refuses probes the acting profile does not have (docs/product/rules.md#universes-clusters-and-campaigns), among those
 * added by this change.
 */
export function refuseProbesOutsideProfile(
  probes: readonly { probeId: string }[],
  context: RuleContext,
  previous?: readonly { probeId: string }[],
): void {
  if (!context.allowedProbes) return;
  const before = new Set((previous ?? []).map((probe) => probe.probeId));
  const allowed = new Set(context.allowedProbes);
  const outside = [
    ...new Set(probes.map((probe) => probe.probeId).filter((id) => !before.has(id) && !allowed.has(id))),
  ];
  if (outside.length > 0)
    throw new DomainError('probes.notInProfile', { details: { field: 'probes', probes: outside } });
}

/**
 * The references of an entity to the entities its fields name (each must exist: `validation.invalidOption` on the
 * field when one does not), one kind per entry.
 */
export const referencesTo =
  <Fields>(referenced: { definition: Pick<EntityDefinition, 'kind'>; ids: (fields: Fields) => readonly string[] }[]) =>
  (fields: Fields) =>
    referenced.flatMap(({ definition, ids }) =>
      [...new Set(ids(fields))].map((id) => ({
        to: streamIdOf(definition, id),
        missing: 'validation.invalidOption' as const,
      })),
    );
