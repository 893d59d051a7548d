import { useMemo } from 'react';
import { useEntityOptions } from '../../../shared/entity-screen/entity-options.ts';

/** The compared providers or ISPs (provider ids) by name; an id no provider the caller sees has is shown as is. */
export function useEntityNames() {
  const providers = useEntityOptions('/api/providers');
  return useMemo(() => {
    const names = new Map(providers.map((option) => [option.value, option.label]));
    return (id: string) => names.get(id) ?? id;
  }, [providers]);
}
