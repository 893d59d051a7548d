import { type CatalogueWarning, DomainError, type Profile, targetsOfProgram, warning } from '@nq/contracts';
import { scopeOf } from '../identity/index.ts';
import type { AnalyticsScope } from './scope-query.ts';

/** What the caller's profile lets it see of the measurements, and the time zone its dates are days of. */
export const profileScopeOf = (profile: Profile): AnalyticsScope => ({
  ...scopeOf(profile),
  timeZone: profile.timeZone,
});

/**
 * Destinations (docs/product/errors.md), the same on every route that reads measurements of programs: a query naming
 * programs sees only the profile's targets for them. When none of the programs has a target it is refused
 * (`destinations.noTargets`); when some lack them it answers the others with the
 * `destinations.someProgramsWithoutTargets` warning (and the others only). A query naming no programs, or an isGod
 * profile's (docs/product/roles.md#isgod), is not filtered by destination.
 */
export function programsScopeOf(
  profile: Profile,
  programs: readonly string[] | undefined,
): { scope: AnalyticsScope; warnings: CatalogueWarning[] } {
  const scope = profileScopeOf(profile);
  if (profile.isGod || !programs?.length) return { scope, warnings: [] };
  const targets = programs.map((program) => targetsOfProgram(profile, program));
  const without = programs.filter((_, index) => targets[index]!.length === 0);
  if (without.length === programs.length) throw new DomainError('destinations.noTargets', { details: { programs } });
  const withTargets = without.length > 0 ? { programs: programs.filter((program) => !without.includes(program)) } : {};
  return {
    scope: { ...scope, destinations: [...new Set(targets.flat())], ...withTargets },
    warnings:
      without.length > 0 ? [warning('destinations.someProgramsWithoutTargets', { programs: without.join(', ') })] : [],
  };
}
