import { type CatalogueWarning, type ProfileFields, targetsOfProgram, warning } from '@nq/contracts';

/**
 * What a profile lists that will restrict or offer nothing (docs/product/roles.md#data-restrictions), said when it is
 * saved rather than refused: the list not in use is kept for when `useClusters` switches back (as the demo analyst
 * keeps both), and a profile may be built step by step. Campaigns and clusters are alternatives (see data-scope.ts); a
 * program without destinations has its queries refused (destination-scope.ts), except for isGod profiles, which skip
 * destination filtering.
 */
export function profileWarnings(profile: ProfileFields): CatalogueWarning[] {
  const { name } = profile;
  const warnings: CatalogueWarning[] = [];
  if (!profile.useClusters && profile.clusters.length > 0) warnings.push(warning('profiles.clustersUnused', { name }));
  if (profile.useClusters && profile.campaigns.length > 0) warnings.push(warning('profiles.campaignsUnused', { name }));
  if (profile.programs.length === 0) warnings.push(warning('profiles.noPrograms', { name }));
  const withoutTargets = profile.programs.filter((program) => targetsOfProgram(profile, program.id).length === 0);
  if (!profile.isGod && withoutTargets.length > 0)
    warnings.push(
      warning('profiles.programsWithoutDestinations', {
        name,
        programs: withoutTargets.map((program) => program.program).join(', '),
      }),
    );
  return warnings;
}
