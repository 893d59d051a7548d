import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/api-client.ts';
import { useProfile } from '../api/profile.ts';
import { programText } from '../i18n/value-texts.ts';
import type { Option } from '../ui/fields.tsx';

/**
 * The programs an analyst may pick: those the profile lists and those measured within its scope
 * (`GET /technologies/byProgram`), which may have no targets in the profile: the API then warns or refuses. Each reads
 * as `programText` names it, in the interface language.
 */
export function useProgramOptions(): Option[] {
  const { t } = useTranslation();
  const profile = useProfile();
  const measured = useQuery({
    queryKey: ['technologies', 'byProgram'],
    queryFn: ({ signal }) => api.get<{ list: { value: string }[] }>('/technologies/byProgram', { signal }),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
  return useMemo(() => {
    const named = new Map<string, string | undefined>(
      (profile?.programs ?? []).map((program) => [program.id, program.program]),
    );
    for (const { value } of measured.data?.list ?? []) if (!named.has(value)) named.set(value, undefined);
    return [...named]
      .map(([value, name]) => ({ value, label: programText(t, value, name) }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }, [profile?.programs, measured.data, t]);
}
