import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../api/profile.ts';
import { programText } from './value-texts.ts';

/**
 * A program's name from its id, as a person reads it wherever the console shows one: `programText` with the name the
 * profile gives the program. Addresses, queries and keys keep the id.
 */
export function useProgramName(): (id: string) => string {
  const { t } = useTranslation();
  const programs = useProfile()?.programs;
  return useMemo(() => {
    const names = new Map((programs ?? []).map((program) => [program.id, program.program]));
    return (id: string) => programText(t, id, names.get(id));
  }, [programs, t]);
}
