/**
 * Countries listed (docs/product/entities.md#value-lists): the name stored (in English), the ISO 3166 region code the
 * console names it by in the interface language, and the international calling code (a probe's phone extension).
 */
export const countries = [
  { name: 'Germany', code: 'DE', callingCode: '+49' },
  { name: 'Andorra', code: 'AD', callingCode: '+376' },
  { name: 'Bangladesh', code: 'BD', callingCode: '+880' },
  { name: 'Colombia', code: 'CO', callingCode: '+57' },
  { name: 'Costa Rica', code: 'CR', callingCode: '+506' },
  { name: 'Spain', code: 'ES', callingCode: '+34' },
  { name: 'France', code: 'FR', callingCode: '+33' },
  { name: 'Guinea', code: 'GN', callingCode: '+224' },
  { name: 'Italy', code: 'IT', callingCode: '+39' },
  { name: 'Mexico', code: 'MX', callingCode: '+52' },
  { name: 'Pakistan', code: 'PK', callingCode: '+92' },
  { name: 'Portugal', code: 'PT', callingCode: '+351' },
  { name: 'Sudan', code: 'SD', callingCode: '+249' },
  { name: 'Uganda', code: 'UG', callingCode: '+256' },
  { name: 'United Kingdom', code: 'GB', callingCode: '+44' },
] as const;

export const countryNames = countries.map((country) => country.name);
export const callingCodes = countries.map((country) => country.callingCode);
