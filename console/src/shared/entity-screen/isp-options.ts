import { basePathOf } from '@nq/contracts/configuration/kinds';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../api/api-client.ts';
import type { Option } from '../ui/fields.tsx';
import { useEntityOptions } from './entity-options.ts';

/** GET /profile/isps (docs/product/api.md#profile): the ISPs the caller's profile analyses. */
const profileIsps = (signal?: AbortSignal) =>
  api.get<{ list: { id: string; label?: string }[] }>('/profile/isps', { signal });

/**
 * The ISPs the caller may pick, as providers (an ISP is a provider: filters and scorecards name it by its id): its
 * profile's, or every provider when the profile names none.
 */
export function useIspOptions(): Option[] {
  const providers = useEntityOptions(basePathOf('provider'));
  const { data } = useQuery({
    queryKey: ['profile', 'isps'],
    queryFn: ({ signal }) => profileIsps(signal),
    meta: { silent: true },
  });
  return useMemo(
    () => (data?.list.length ? data.list.map((isp) => ({ value: isp.id, label: isp.label ?? isp.id })) : providers),
    [data, providers],
  );
}
