import { isLanguage } from '@nq/contracts/errors/index';
import { type CsvOptions, csvOptionsFor, csvSeparatorsProblem } from '@nq/contracts/files/csv-options';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTimeZone } from '../api/profile.ts';

/**
 * The options of a CSV the user is about to ask for (docs/features/csv-templates.md#csv-options): those they changed,
 * the defaults of the interface language for the others (`csvOptionsFor`, as the API takes them) and the profile's
 * time zone; `problem` when the separators clash (the catalogue's refusal, shown before the API would answer it).
 */
export function useCsvOptions() {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const timeZone = useTimeZone();
  const [chosen, setChosen] = useState<Partial<CsvOptions>>({});
  const options = csvOptionsFor(language, timeZone, chosen);
  return {
    options,
    problem: csvSeparatorsProblem(options),
    change: (changes: Partial<CsvOptions>) => setChosen((before) => ({ ...before, ...changes })),
  };
}

export type CsvOptionsState = ReturnType<typeof useCsvOptions>;
