import { type Profile, profileFieldsSchema } from '@nq/contracts';
import { describe, expect, it } from 'vitest';
import { programsScopeOf } from './destination-scope.ts';

const profile = (fields: Record<string, unknown> = {}): Profile => ({
  ...profileFieldsSchema.parse({
    name: 'Analysts',
    programs: [
      { id: 'speed', type: 2, program: 'Speed', groups: [] },
      { id: 'ping', type: 3, program: 'Ping', groups: [] },
      { id: 'dns', type: 1, program: 'DNS', groups: [] },
      { id: 'games', type: 5, program: 'Games', groups: [] },
    ],
    serverDestinations: [
      { name: 'Madrid', ip: '10.0.0.1' },
      { name: 'Lisboa', ip: '10.0.0.2' },
    ],
    defaultDestinations: [{ name: 'Madrid', ip: '10.0.0.3' }],
    ...fields,
  }),
  id: 'p1',
});

describe('destination scope of a query of programs', () => {
  it("keeps a query to the targets of the programs' types, each name once", () => {
    const { scope, warnings } = programsScopeOf(profile(), ['speed', 'ping', 'dns']);
    expect([scope.destinations, warnings]).toEqual([['Madrid', 'Lisboa'], []]);
  });

  it('warns of the programs without targets, those the profile does not list included', () => {
    expect(programsScopeOf(profile(), ['speed', 'games', 'video']).warnings).toEqual([
      { code: 'destinations.someProgramsWithoutTargets', params: { programs: 'games, video' } },
    ]);
  });

  it('refuses a query none of whose programs has targets', () => {
    expect(() => programsScopeOf(profile(), ['games', 'video'])).toThrow(
      expect.objectContaining({ code: 'destinations.noTargets' }),
    );
  });

  it('leaves a query naming no programs, and an isGod profile, unfiltered by destination', () => {
    expect(programsScopeOf(profile(), []).scope.destinations).toBeUndefined();
    expect(programsScopeOf(profile(), undefined).scope.destinations).toBeUndefined();
    const god = programsScopeOf(profile({ isGod: true }), ['games']);
    expect([god.scope.destinations, god.warnings]).toEqual([undefined, []]);
  });
});
