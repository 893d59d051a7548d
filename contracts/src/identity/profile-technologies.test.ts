import { describe, expect, it } from 'vitest';
import { profileFieldsSchema } from './profile.ts';
import { servicesOfProfile, technologiesOfProfile, technologiesOfProfileService } from './profile-technologies.ts';

const profile = (fields: Record<string, unknown> = {}) => profileFieldsSchema.parse({ name: 'P', ...fields });

describe('what a profile sees of technologies and services', () => {
  it('sees every technology when it lists none or is isGod, else only the ones it lists', () => {
    expect(technologiesOfProfile(profile())).toEqual([0, 2, 3, 4, 5, 98, 99, 100, 101, 102]);
    expect(technologiesOfProfile(profile({ isGod: true, technologies: [4] }))).toHaveLength(10);
    expect(technologiesOfProfile(profile({ technologies: [99, 98] }))).toEqual([98, 99]);
  });

  it('sees of a service only the technologies of both', () => {
    expect(technologiesOfProfileService(profile(), 'mobile')).toEqual([2, 3, 4, 5]);
    expect(technologiesOfProfileService(profile({ technologies: [4, 98] }), 'landline')).toEqual([98]);
    expect(technologiesOfProfileService(profile({ technologies: [98, 99] }), 'mobile')).toEqual([]);
  });

  it('offers a user its own service, an administrator or isGod profile every service whose technologies it sees', () => {
    expect(servicesOfProfile(profile({ service: 'mobile' }))).toEqual(['mobile']);
    expect(servicesOfProfile(profile({ service: 'mobile', rol: 'admin' }))).toEqual(['landline', 'mobile']);
    expect(servicesOfProfile(profile({ service: 'landline', isGod: true }))).toEqual(['landline', 'mobile']);
    expect(servicesOfProfile(profile({ service: 'mobile', rol: 'admin', technologies: [4, 5] }))).toEqual(['mobile']);
  });
});
