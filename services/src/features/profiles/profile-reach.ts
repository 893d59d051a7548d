import type { profileFieldsSchema } from '@nq/contracts';
import type { FieldIntent, FieldIntentChange } from '@nq/platform/entities/entity-definition';
import { combinedReach, idsReach, type Reach, reachEventOf, reachEvents } from '@nq/platform/entities/reach-change';

type Side = FieldIntentChange<typeof profileFieldsSchema>['after'];

/** The reach of each field a change touched, the field absent from `after` when it did not. */
const reachOf =
  (reaches: Partial<Record<keyof Side, (before: Side, after: Side) => Reach>>) =>
  ({ before, after }: FieldIntentChange<typeof profileFieldsSchema>) =>
    before &&
    combinedReach(
      Object.entries(reaches)
        .filter(([field]) => field in after)
        .map(([, reach]) => reach(before, after)),
    );

const switched = (before: boolean | null | undefined, after: boolean | null | undefined): Reach => ({
  gained: !before && !!after,
  lost: !!before && !after,
});

const idsOf = (items: readonly (string | number | { id: string })[] | null | undefined) =>
  (items ?? []).map((item) => (typeof item === 'object' ? item.id : String(item)));

/** A list that restricts what the profile sees: empty, it restricts nothing. */
function restrictionReach(before: readonly string[], after: readonly string[]): Reach {
  if (before.length === 0) return { gained: false, lost: after.length > 0 };
  if (after.length === 0) return { gained: true, lost: false };
  return idsReach(before, after);
}

/** A bound of the profile's date range: none reaches furthest. */
const boundReach = (before: string | null | undefined, after: string | null | undefined, none: number): Reach => {
  const [was, is] = [before, after].map((instant) => (instant ? Date.parse(instant) : none)) as [number, number];
  return none < 0 ? { gained: is < was, lost: is > was } : { gained: is > was, lost: is < was };
};

const accessReach = reachOf({
  rol: (before, after) => switched(before.rol === 'admin', after.rol === 'admin'),
  isGod: (before, after) => switched(before.isGod, after.isGod),
  apiAccess: (before, after) => switched(before.apiAccess, after.apiAccess),
  layers: (before, after) => idsReach(idsOf(before.layers), idsOf(after.layers)),
});

const restrictions = ['technologies', 'kpis', 'campaigns', 'clusters', 'probes', 'isps', 'tags'] as const;

const scopeReach = reachOf({
  ...Object.fromEntries(
    restrictions.map((field) => [
      field,
      (before: Side, after: Side) => restrictionReach(idsOf(before[field]), idsOf(after[field])),
    ]),
  ),
  tsStart: (before, after) => boundReach(before.tsStart, after.tsStart, Number.NEGATIVE_INFINITY),
  tsEnd: (before, after) => boundReach(before.tsEnd, after.tsEnd, Number.POSITIVE_INFINITY),
});

/** What a user working under the profile may do: administrator, isGod, API access, its screens. */
export const profileAccessIntent: FieldIntent<typeof profileFieldsSchema> = {
  fields: ['rol', 'isGod', 'apiAccess', 'layers'],
  events: reachEvents('Access'),
  eventOf: (change) => reachEventOf('Access', accessReach(change)),
};

/** The data a user working under the profile sees: its restriction lists and its date range. */
export const profileScopeIntent: FieldIntent<typeof profileFieldsSchema> = {
  fields: [...restrictions, 'tsStart', 'tsEnd'],
  events: reachEvents('Scope'),
  eventOf: (change) => reachEventOf('Scope', scopeReach(change)),
};
