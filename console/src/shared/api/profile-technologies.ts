import type { TechnologyCode } from '@nq/contracts/configuration/common';
import {
  type ProfileService,
  technologiesOfProfile,
  technologiesOfProfileService,
} from '@nq/contracts/identity/profile-technologies';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { technologyText } from '../i18n/value-texts.ts';
import type { Option } from '../ui/fields.tsx';
import { useProfile } from './profile.ts';

/** Technology codes as a picker's options (the code as text), named in the interface language. */
export const technologyOptions = (t: TFunction, codes: readonly number[]): Option[] =>
  codes.map((code) => ({ value: String(code), label: technologyText(t, code) }));

/**
 * The technologies the caller's profile sees (of one service, when given), as the login answers them: what every
 * technology picker offers, since the API would answer any other one with nothing. None until the profile is loaded.
 */
export function useProfileTechnologies(service?: ProfileService): TechnologyCode[] {
  const profile = useProfile();
  return useMemo(() => {
    if (!profile) return [];
    return service ? technologiesOfProfileService(profile, service) : technologiesOfProfile(profile);
  }, [profile, service]);
}

/** The caller profile's technologies as a picker's options. */
export function useTechnologyOptions(service?: ProfileService): Option[] {
  const { t } = useTranslation();
  const codes = useProfileTechnologies(service);
  return useMemo(() => technologyOptions(t, codes), [t, codes]);
}
