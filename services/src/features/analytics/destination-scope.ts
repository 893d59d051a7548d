import { type CatalogueWarning, DomainError, type Profile, warning } from '@nq/contracts';
import { scopeOf } from '../identity/data-scope.ts';
import type { AnalyticsScope } from './scope-query.ts';

type ProgramType = Profile['programs'][number]['type'];

/** Spec §3 program types and the destinations of the profile each one is measured against. */
const destinationsByProgramType = {
  1: 'defaultDestinations',
  2: 'serverDestinations',
  3: 'defaultDestinations',
  5: 'gamingDestinations',
  6: 'videoDestinations',
} as const satisfies Record<ProgramType, keyof Profile>;

/** The names of the profile's targets for a program: none when the profile does not list the program. */
function targetsOf(profile: Profile, programId: string): string[] {
  const program = profile.programs.find((listed) => listed.id === programId);
  return program ? profile[destinationsByProgramType[program.type]].map((destination) => destination.name) : [];
}

/** What the caller's profile lets it see of the measurements, and the time zone its dates are days of. */
export const profileScopeOf = (profile: Profile): AnalyticsScope => ({
  ...scopeOf(profile),
  timeZone: profile.timeZone,
});

/**
 * Spec §8 Destinations, the same on every route that reads measurements of programs: a query naming programs sees
 * only the profile's targets for them. When none of the programs has a target it is refused
 * (`destinations.noTargets`); when some lack them it answers the others with the
 * `destinations.someProgramsWithoutTargets` warning. A query naming no programs, or an isGod profile's (spec §6),
 * is not filtered by destination.
 */
export function programsScopeOf(
  profile: Profile,
  programs: readonly string[] | undefined,
): { scope: AnalyticsScope; warnings: CatalogueWarning[] } {
  const scope = profileScopeOf(profile);
  if (profile.isGod || !programs?.length) return { scope, warnings: [] };
  const targets = programs.map((program) => targetsOf(profile, program));
  const without = programs.filter((_, index) => targets[index]!.length === 0);
  if (without.length === programs.length) throw new DomainError('destinations.noTargets', { details: { programs } });
  return {
    scope: { ...scope, destinations: [...new Set(targets.flat())] },
    warnings:
      without.length > 0 ? [warning('destinations.someProgramsWithoutTargets', { programs: without.join(', ') })] : [],
  };
}
