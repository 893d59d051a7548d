import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { entityApi, entityKeys } from '../api/entities.ts';
import type { Option } from '../ui/fields.tsx';

/**
 * The entities of a collection as select options (the providers of a CDN, the probes of a universe…): at most 500,
 * labelled with these fields joined. Silent: a profile that may not read the collection just gets no options.
 */
export function useEntityOptions(basePath: string, labelFields: readonly string[] = ['name']): Option[] {
  const [sort = 'name'] = labelFields;
  const query = { pageSize: 500, sort, fields: labelFields.join(',') };
  const { data } = useQuery({
    queryKey: [...entityKeys.all(basePath), 'options', query],
    queryFn: ({ signal }) => entityApi(basePath).list(query, signal),
    staleTime: 60_000,
    meta: { silent: true },
  });
  const labelKey = labelFields.join(',');
  return useMemo(
    () =>
      (data?.list ?? []).map((item) => ({
        value: item.id,
        label:
          labelKey
            .split(',')
            .map((field) => String(item[field] ?? ''))
            .filter(Boolean)
            .join(' · ') || item.id,
      })),
    [data, labelKey],
  );
}
