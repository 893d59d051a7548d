import { useQuery } from '@tanstack/react-query';
import { entityApi, entityKeys } from '../../shared/api/entities.ts';
import type { Option } from '../../shared/ui/fields.tsx';

/**
 * The entities a field may name (task suites, campaigns, tags…) as choices, by name. Silent: a profile that may not
 * list them still edits the rest of the form.
 */
export function useReferenceOptions(basePath: string) {
  const query = { page: 1, pageSize: 500, fields: 'name', sort: 'name' };
  return useQuery({
    queryKey: [...entityKeys.all(basePath), 'options'],
    queryFn: ({ signal }) => entityApi(basePath).list(query, signal),
    select: (page): Option[] =>
      page.list.map((entity) => ({ value: entity.id, label: String(entity.name ?? entity.id) })),
    meta: { silent: true },
  }).data;
}

/** The options, with the current value kept even when it is not among them (not visible, or deleted since). */
export const withCurrent = (options: readonly Option[] | undefined, current: readonly string[]): Option[] => [
  ...(options ?? []),
  ...current
    .filter((value) => !options?.some((option) => option.value === value))
    .map((value) => ({ value, label: value })),
];
