import { addressPin } from '../../../shared/charts/graphic-query.ts';
import { useSelectionGroup } from '../../../shared/entity-screen/SelectionGroupField.tsx';
import {
  filtersFromParams,
  type GraphicFilters,
  paramsWithFilters,
} from '../../../shared/graphic-filters/graphic-filters.ts';
import { useAddressState } from '../../../shared/routing/useAddressState.ts';

export const comparisonChartTypes = ['bars', 'line', 'area', 'pie', 'table'] as const;
export type ComparisonChartType = (typeof comparisonChartTypes)[number];

const isChartType = (value: string | null): value is ComparisonChartType =>
  (comparisonChartTypes as readonly (string | null)[]).includes(value);

/**
 * A comparison screen's question as its address holds it: the graphic filters, the chart type (`chart`) and the
 * screen's own parameters, and the chart's pin when it reproduces an answer's numbers. Every change replaces the
 * address, so a reload or a shared link asks the same; pinning and unpinning add a history entry (Back returns).
 */
export function useComparisonAddress(defaults: GraphicFilters) {
  const address = useAddressState();
  const { params: asking, update: replace } = address;
  const group = useSelectionGroup();
  const chart = asking.get('chart');
  return {
    params: asking,
    group,
    ...addressPin(address),
    filters: filtersFromParams(asking, group, defaults),
    chartType: isChartType(chart) ? chart : 'bars',
    setFilters: (changes: Partial<GraphicFilters>) =>
      replace((current) =>
        paramsWithFilters(current, { ...filtersFromParams(current, group, defaults), ...changes }, group),
      ),
    /** Sets one of the screen's own parameters (empty: left out). */
    setParam: (name: string, value: string) =>
      replace((current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      }),
  };
}
