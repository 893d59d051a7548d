import type { WindowScores } from '@nq/contracts/analytics/scorecard-calculation';
import { basePathOf } from '@nq/contracts/configuration/kinds';
import { useMemo } from 'react';
import { useEntityOptions } from '../../../shared/entity-screen/entity-options.ts';

type Calculated = { live?: WindowScores | undefined; comparison?: WindowScores | undefined } | undefined;

/**
 * The compared providers or ISPs (provider ids) by name: as the calculations answered them (named as the caller sees
 * them), else from the providers the caller may list; an id neither names is shown as is.
 */
export function useEntityNames(...calculations: Calculated[]) {
  const providers = useEntityOptions(basePathOf('provider'));
  const answered = calculations
    .flatMap((calculation) => [calculation?.live, calculation?.comparison])
    .flatMap((window) => window?.entities ?? []);
  const key = answered.map((entity) => `${entity.entity}=${entity.name ?? ''}`).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the answered names
  return useMemo(() => {
    const names = new Map(providers.map((option) => [option.value, option.label]));
    for (const entity of answered) if (entity.name) names.set(entity.entity, entity.name);
    return (id: string) => names.get(id) ?? id;
  }, [providers, key]);
}
