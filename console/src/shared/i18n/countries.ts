import { countries } from '@nq/contracts/configuration/countries';

const byName = new Map<string, string>(countries.map((country) => [country.name.toLowerCase(), country.code]));
const byCode = new Set<string>(countries.map((country) => country.code));

/**
 * A country as the interface language names it (Intl's region names), for a listed country
 * (docs/product/entities.md#value-lists) given by its stored English name or its ISO code; any other text is shown as
 * it is.
 */
export function countryDisplayName(country: string, language: string): string {
  const code = byCode.has(country.toUpperCase()) ? country.toUpperCase() : byName.get(country.trim().toLowerCase());
  if (!code) return country;
  return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? country;
}

/** The listed countries as options: the stored name, labelled in the interface language, in its alphabetical order. */
export const countryOptions = (language: string) =>
  countries
    .map((country) => ({ value: country.name as string, label: countryDisplayName(country.name, language) }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
