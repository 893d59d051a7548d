import type { ProfileFields } from './profile.ts';

type ProgramType = ProfileFields['programs'][number]['type'];

/**
 * Program types and the destination list of the profile each one is measured against
 * (docs/product/entities.md#profile).
 */
export const destinationListOfProgramType = {
  1: 'defaultDestinations',
  2: 'serverDestinations',
  3: 'defaultDestinations',
  5: 'gamingDestinations',
  6: 'videoDestinations',
} as const satisfies Record<ProgramType, keyof ProfileFields>;

/** The names of the profile's targets for a program: none when the profile does not list the program. */
export function targetsOfProgram(profile: ProfileFields, programId: string): string[] {
  const program = profile.programs.find((listed) => listed.id === programId);
  return program ? profile[destinationListOfProgramType[program.type]].map((destination) => destination.name) : [];
}
