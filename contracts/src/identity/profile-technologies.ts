import { type TechnologyCode, technologyCodes } from '../configuration/common.ts';
import { type ProfileFields, profileServices } from './profile.ts';

export type ProfileService = (typeof profileServices)[number];
type TechnologyReach = Pick<ProfileFields, 'isGod' | 'technologies'>;
type ServiceReach = TechnologyReach & Pick<ProfileFields, 'rol' | 'service'>;

/**
 * The technologies a service's probes measure on (0, no service, is neither's; docs/product/entities.md#value-lists).
 */
export const serviceTechnologies: Record<ProfileService, readonly TechnologyCode[]> = {
  mobile: [2, 3, 4, 5],
  landline: [98, 99, 100, 101, 102],
};

/**
 * The technologies a profile sees (docs/product/roles.md#data-restrictions): the ones it lists, or every one when it
 * lists none, as it does when it is isGod. What the login answers as `technologies`, and what every technology picker
 * offers.
 */
export function technologiesOfProfile(profile: TechnologyReach): TechnologyCode[] {
  if (profile.isGod || profile.technologies.length === 0) return [...technologyCodes];
  return technologyCodes.filter((code) => (profile.technologies as readonly number[]).includes(code));
}

/** The technologies of one service the profile sees. */
export const technologiesOfProfileService = (profile: TechnologyReach, service: ProfileService): TechnologyCode[] =>
  technologiesOfProfile(profile).filter((code) => serviceTechnologies[service].includes(code));

/**
 * The services a profile may extract and keep CSV templates of: its own, and for administrators and isGod profiles
 * every service whose technologies they see.
 */
export function servicesOfProfile(profile: ServiceReach): ProfileService[] {
  if (!profile.isGod && profile.rol !== 'admin') return [profile.service];
  return profileServices.filter(
    (service) => service === profile.service || technologiesOfProfileService(profile, service).length > 0,
  );
}
