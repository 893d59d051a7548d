import { DomainError, type HttpErrorCode, type Profile, technologyCodes } from '@nq/contracts';

/**
 * What a profile restricts every query of measurements and configuration to (docs/product/README.md and roles.md). A
 * list that is undefined restricts nothing; an empty one admits nothing (the intersection of a request with what is
 * allowed).
 */
export interface DataScope {
  technologies?: number[];
  kpis?: string[];
  isps?: string[];
  tags?: string[];
  probes?: string[];
  campaigns?: string[];
  clusters?: string[];
  from?: string;
  to?: string;
}

const nonEmpty = <T>(values: T[]) => (values.length > 0 ? values : undefined);

/**
 * The restrictions of a profile; isGod profiles see every default technology (docs/product/roles.md#isgod). Its
 * campaigns and its clusters are alternatives: `useClusters` switches campaign selection to cluster selection
 * (docs/product/roles.md#selection-group-service-and-useclusters), so only one of them restricts, never their
 * intersection.
 */
export function scopeOf(profile: Profile): DataScope {
  const scope: DataScope = {
    technologies: profile.isGod ? [...technologyCodes] : nonEmpty(profile.technologies),
    kpis: nonEmpty(profile.kpis.map((kpi) => kpi.id)),
    isps: nonEmpty(profile.isps.map((isp) => isp.id)),
    tags: nonEmpty(profile.tags),
    probes: nonEmpty(profile.probes),
    ...(profile.useClusters
      ? { clusters: nonEmpty(profile.clusters) }
      : { campaigns: nonEmpty(profile.campaigns.map((campaign) => campaign.id)) }),
    from: profile.tsStart,
    to: profile.tsEnd,
  };
  return Object.fromEntries(Object.entries(scope).filter(([, value]) => value !== undefined)) as DataScope;
}

/** A requested filter within what the scope allows: the requested values that are allowed, or all allowed ones. */
export function intersect<T>(requested: readonly T[] | undefined, allowed: readonly T[] | undefined): T[] | undefined {
  if (!allowed) return requested ? [...requested] : undefined;
  if (!requested || requested.length === 0) return [...allowed];
  const kept = new Set(allowed); // lists of probes run to tens of thousands on both sides
  return requested.filter((value) => kept.has(value));
}

/**
 * Refuses a date range reaching outside the profile's (docs/product/roles.md#data-restrictions: requests outside the
 * date limits are refused), with the code of the screen asking (the catalogue gives scorecards their own).
 */
export function refuseOutsideDates(
  scope: DataScope,
  from: string | undefined,
  to: string | undefined,
  code: HttpErrorCode = 'profiles.outOfDateLimits',
): void {
  const before = (a: string | undefined, b: string | undefined) => !!a && !!b && Date.parse(a) < Date.parse(b);
  if (before(from, scope.from) || before(scope.to, to) || before(scope.to, from) || before(to, scope.from))
    throw new DomainError(code, {
      details: { from, to, allowed: { from: scope.from, to: scope.to } },
    });
}
