import {
  type FilterMode,
  type NarrowedBy,
  type Narrowing,
  type NarrowingKind,
  type SelectionFields,
  technologyCodes,
} from '@nq/contracts';
import type { DataScope } from '../identity/index.ts';

/** What of the caller's scope (scope-query.ts `AnalyticsScope`) can narrow a request. */
type NarrowingScope = DataScope & { destinations?: string[]; programs?: string[] };

type Value = string | number;

/** A filter of the request and what the profile allows of the same kind (undefined: it restricts nothing). */
interface Asked {
  kind: NarrowingKind;
  requested: readonly Value[] | undefined;
  mode: FilterMode;
  allowed: readonly Value[] | undefined;
}

/**
 * Whether the profile took something away from what the request asked: a request naming none asked for every value,
 * one excluding values asked for every other one, one including values asked for each of them.
 */
function narrows({ requested, mode, allowed }: Asked): boolean {
  if (!allowed) return false;
  if (!requested || requested.length === 0 || mode === 'exclude') return true;
  return requested.some((value) => !allowed.includes(value));
}

// An isGod profile is given every technology (data-scope.ts): that restricts nothing a person would notice.
const everyTechnology = (allowed: readonly Value[] | undefined) =>
  allowed && technologyCodes.every((code) => allowed.includes(code)) ? undefined : allowed;

/**
 * What the caller's scope narrowed a request by, as the scope is intersected into it: each restriction
 * that took something away from the request, with the values the profile allows, and the profile's dates on a side
 * where the request left its range open (a range reaching outside them is refused before). Undefined when the
 * profile narrowed nothing. `asked` is the request's own range, as instants, and the time zone its days are in.
 */
export function narrowingOf(
  ir: SelectionFields,
  scope: NarrowingScope,
  asked: { from: string | undefined; to: string | undefined; timeZone: string },
): NarrowedBy | undefined {
  const filters: Asked[] = [
    { kind: 'isp', requested: ir.isps, mode: ir.ispsCond, allowed: scope.isps },
    {
      kind: 'technology',
      requested: ir.technologies,
      mode: ir.technologiesCond,
      allowed: everyTechnology(scope.technologies),
    },
    { kind: 'campaign', requested: ir.campaigns, mode: 'include', allowed: scope.campaigns },
    { kind: 'cluster', requested: ir.clusters, mode: 'include', allowed: scope.clusters },
    { kind: 'probe', requested: ir.probes, mode: 'include', allowed: scope.probes },
    { kind: 'tag', requested: ir.tags, mode: ir.tagsCond, allowed: scope.tags },
    { kind: 'program', requested: ir.programs, mode: 'include', allowed: scope.programs },
    { kind: 'destination', requested: ir.args, mode: ir.argsCond, allowed: scope.destinations },
  ];
  const restrictions: Narrowing[] = filters
    .filter(narrows)
    .map(({ kind, allowed }) => ({ kind, values: allowed!.map((id) => ({ id })) }));
  const from = asked.from === undefined ? scope.from : undefined;
  const to = asked.to === undefined ? scope.to : undefined;
  const dates =
    from || to
      ? {
          dates: {
            ...(from ? { from: new Date(from).toISOString() } : {}),
            ...(to ? { to: new Date(to).toISOString() } : {}),
            timeZone: asked.timeZone,
          },
        }
      : {};
  return restrictions.length > 0 || from || to ? { restrictions, ...dates } : undefined;
}
