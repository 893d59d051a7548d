import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../api/api-client.ts';
import { useProfile } from '../api/profile.ts';
import type { Option } from '../ui/fields.tsx';

/**
 * The programs an analyst may pick: those the profile lists (by their names) and those measured within its scope
 * (`GET /technologies/byProgram`), which may have no targets in the profile: the API then warns or refuses.
 */
export function useProgramOptions(): Option[] {
  const profile = useProfile();
  const measured = useQuery({
    queryKey: ['technologies', 'byProgram'],
    queryFn: ({ signal }) => api.get<{ list: { value: string }[] }>('/technologies/byProgram', { signal }),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
  return useMemo(() => {
    const named = new Map((profile?.programs ?? []).map((program) => [program.id, program.program || program.id]));
    for (const { value } of measured.data?.list ?? []) if (!named.has(value)) named.set(value, value);
    return [...named].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  }, [profile?.programs, measured.data]);
}
