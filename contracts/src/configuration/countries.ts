/** Spec §9 "Countries listed", each with its international calling code (a probe's phone extension). */
export const countries = [
  { name: 'Germany', callingCode: '+49' },
  { name: 'Andorra', callingCode: '+376' },
  { name: 'Bangladesh', callingCode: '+880' },
  { name: 'Colombia', callingCode: '+57' },
  { name: 'Costa Rica', callingCode: '+506' },
  { name: 'Spain', callingCode: '+34' },
  { name: 'France', callingCode: '+33' },
  { name: 'Guinea', callingCode: '+224' },
  { name: 'Italy', callingCode: '+39' },
  { name: 'Mexico', callingCode: '+52' },
  { name: 'Pakistan', callingCode: '+92' },
  { name: 'Portugal', callingCode: '+351' },
  { name: 'Sudan', callingCode: '+249' },
  { name: 'Uganda', callingCode: '+256' },
  { name: 'United Kingdom', callingCode: '+44' },
] as const;

export const countryNames = countries.map((country) => country.name);
export const callingCodes = countries.map((country) => country.callingCode);
