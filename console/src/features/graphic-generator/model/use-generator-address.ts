import type { GraphicType } from '@nq/contracts/analytics/query-ir';
import { type GraphicPin, paramsWithPin, pinFromParams } from '../../../shared/charts/graphic-query.ts';
import { useSelectionGroup } from '../../../shared/entity-screen/SelectionGroupField.tsx';
import {
  defaultFilters,
  filtersFromParams,
  type GraphicFilters,
  paramsWithFilters,
} from '../../../shared/graphic-filters/graphic-filters.ts';
import { useAddressState } from '../../../shared/routing/useAddressState.ts';
import {
  choiceFromParams,
  dataKindOf,
  type Generator,
  type GeneratorChoice,
  noMoreFilters,
  paramsWithChoice,
} from './generator-config.ts';

/** Whether any filter selecting measurements is set (what a change of graph type asks to keep or clear). */
export function hasFilters(filters: GraphicFilters, choice: GeneratorChoice) {
  const { more } = choice;
  return (
    Boolean(filters.tsStart || filters.tsEnd || filters.selection) ||
    [filters.technologies, filters.isps, filters.fringes, filters.programs, more.conditions].some(
      (list) => list.length > 0,
    ) ||
    Boolean(more.hourStart || more.hourEnd || more.devicesMin || more.devicesMax)
  );
}

/**
 * The generator's configuration as its address holds it (the filter set under its own names, then the type, view,
 * axes and display, and the graphic's pin when it reproduces an answer's numbers), so a reload or a shared link shows
 * the same graphic. Every change replaces the address; pinning and unpinning add a history entry (Back returns).
 */
export function useGeneratorAddress(generator: Generator) {
  const { params, update } = useAddressState();
  const group = useSelectionGroup();
  const choiceOf = (current: URLSearchParams) => choiceFromParams(current, generator);
  const filtersOf = (current: URLSearchParams) => filtersFromParams(current, group);
  return {
    group,
    filters: filtersOf(params),
    choice: choiceOf(params),
    pin: pinFromParams(params),
    setPin: (pin: GraphicPin | undefined) => update((current) => paramsWithPin(current, pin), { history: 'push' }),
    setFilters: (changes: Partial<GraphicFilters>) =>
      update((current) => paramsWithFilters(current, { ...filtersOf(current), ...changes }, group)),
    setChoice: (change: (choice: GeneratorChoice) => Partial<GeneratorChoice>) =>
      update((current) => {
        const choice = choiceOf(current);
        return paramsWithChoice(current, { ...choice, ...change(choice) });
      }),
    /**
     * Another graph type, the filters kept or cleared. A type plotting other data (a KPI, a field's boxes, two fields'
     * points) starts without the data picked for the one before.
     */
    changeType: (type: GraphicType, filters: 'keep' | 'clear') =>
      update((current) => {
        const choice = choiceOf(current);
        const incompatible = dataKindOf(type) !== dataKindOf(choice.type);
        const next = paramsWithChoice(current, {
          ...choice,
          type,
          view: 'configuration',
          axes: incompatible ? { x: '', y: '', value: '', rows: '', columns: '' } : choice.axes,
          more: filters === 'clear' ? noMoreFilters : choice.more,
        });
        const before = filtersOf(current);
        const kept =
          filters === 'clear'
            ? { ...defaultFilters, kpi: before.kpi, metric: before.metric, granularity: before.granularity }
            : before;
        return paramsWithFilters(next, { ...kept, ...(incompatible ? { kpi: '' as const } : {}) }, group);
      }),
  };
}
