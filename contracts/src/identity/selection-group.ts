import type { Dimension } from '../analytics/query-ir.ts';
import type { ProfileFields } from './profile.ts';

/**
 * A profile's service decides how its users select where measurements come from — landline profiles by
 * universes, mobile ones by campaigns — and `useClusters` turns that choice into clusters
 * (docs/product/roles.md#selection-group-service-and-useclusters). The pickers offer only the profile's group and the
 * API refuses a filter or breakdown of another one.
 */
export const selectionGroups = {
  universes: 'universe',
  campaigns: 'campaign',
  clusters: 'cluster',
} as const satisfies Record<string, Dimension>;
export type SelectionGroup = keyof typeof selectionGroups;

export function selectionGroupOf(profile: Pick<ProfileFields, 'service' | 'useClusters'>): SelectionGroup {
  if (profile.useClusters) return 'clusters';
  return profile.service === 'landline' ? 'universes' : 'campaigns';
}

/** The selection filters and breakdowns of the groups the profile does not offer, as named in a request. */
export function unofferedSelection(
  profile: Pick<ProfileFields, 'service' | 'useClusters' | 'isGod'>,
  request: { breakdowns?: readonly string[] } & Partial<Record<SelectionGroup, readonly unknown[]>>,
): string[] {
  if (profile.isGod) return [];
  const offered = selectionGroupOf(profile);
  return (Object.keys(selectionGroups) as SelectionGroup[])
    .filter((group) => group !== offered)
    .flatMap((group) => [
      ...((request[group]?.length ?? 0) > 0 ? [group] : []),
      ...(request.breakdowns?.includes(selectionGroups[group]) ? [selectionGroups[group]] : []),
    ]);
}

/** The breakdown dimensions a profile may use: every one but the selection groups it does not select by. */
export function offeredDimensions<D extends string>(
  profile: Pick<ProfileFields, 'service' | 'useClusters' | 'isGod'> | undefined,
  all: readonly D[],
): D[] {
  if (!profile || profile.isGod) return [...all];
  const offered = selectionGroups[selectionGroupOf(profile)];
  const groupDimensions = Object.values(selectionGroups) as string[];
  return all.filter((dimension) => !groupDimensions.includes(dimension) || dimension === offered);
}
