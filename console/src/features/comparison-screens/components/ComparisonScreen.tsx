import type { Dimension } from '@nq/contracts/analytics/query-ir';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useKpiCatalogue } from '../../../shared/api/kpi-catalogue.ts';
import { useProfile } from '../../../shared/api/profile.ts';
import { GraphicFilterPanel, type GraphicOption } from '../../../shared/graphic-filters/GraphicFilterPanel.tsx';
import {
  datesWithin,
  defaultFilters,
  type GraphicFilters,
  selectionOf,
} from '../../../shared/graphic-filters/graphic-filters.ts';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { formatCalendarDay } from '../../../shared/ui/format.ts';
import { Card, PageHeader } from '../../../shared/ui/screens.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { type ComparisonPath, useComparison } from '../api/comparison.ts';
import { ComparisonResult } from './ComparisonResult.tsx';
import { useComparisonAddress } from './comparison-filters.ts';

/** What makes one comparison screen differ from the other. */
export interface ComparisonScreenConfig {
  title: string;
  path: ComparisonPath;
  /** The dimensions the API breaks down by first (the compared ones). */
  taken: (params: URLSearchParams) => Dimension[];
  options: readonly GraphicOption[];
  programsRequired?: boolean;
  /** Whether the API answers the series best first (the table ranks them). */
  ordered: boolean;
  /** The screen's own body fields, from its address. */
  body?: (params: URLSearchParams) => object;
  /** What the series compare (ISP, provider, destination): the table's first column. */
  axisTitle: (params: URLSearchParams) => string;
  /** The screen's own fields (after the KPI's), given its address and how to change one parameter. */
  fields?: (params: URLSearchParams, setParam: (name: string, value: string) => void) => ReactNode;
}

/** A profile's date limit as a day of the interface language. */
const day = (instant: string | undefined) => formatCalendarDay(instant) || '…';

/** The request body of the filters, or nothing while the question is incomplete or refused before asking. */
function bodyOf(
  filters: GraphicFilters,
  config: ComparisonScreenConfig,
  params: URLSearchParams,
  group: Parameters<typeof selectionOf>[1],
  fallbackKpi: string | undefined,
  datesError: string | undefined,
) {
  const kpi = filters.kpi || fallbackKpi;
  if (!kpi || datesError || (config.programsRequired && filters.programs.length === 0)) return undefined;
  return {
    kpi,
    metric: filters.metric,
    granularity: filters.granularity,
    breakdowns: filters.breakdowns,
    ...selectionOf(filters, group),
    ...Object.fromEntries(config.options.filter((option) => filters[option]).map((option) => [option, true])),
    ...config.body?.(params),
  };
}

/**
 * A comparison screen (benchmark, by destination): the graphic filter set in the address, the chart and its table.
 * Its warnings (programs without targets…) are toasted once per question, not at every refresh; its errors are
 * toasted by the query client and shown in place.
 */
export function ComparisonScreen({ config }: { config: ComparisonScreenConfig }) {
  const { t } = useTranslation(['comparisonScreens', 'graphicFilters']);
  const profile = useProfile();
  const kpis = useKpiCatalogue();
  const { params, group, filters, chartType, pin, setPin, setFilters, setParam } = useComparisonAddress(defaultFilters);

  const endBeforeStart = filters.tsStart && filters.tsEnd && filters.tsEnd < filters.tsStart;
  const outsideProfile = profile && !datesWithin(filters, profile);
  const datesError = endBeforeStart
    ? errorMessage('validation.endBeforeStart')
    : outsideProfile
      ? t('graphicFilters:outsideProfileDates', {
          from: day(profile.tsStart),
          to: day(profile.tsEnd),
        })
      : undefined;
  const fallbackKpi = kpis.data?.[0]?.id;
  const body = useMemo(
    () => bodyOf(filters, config, params, group, fallbackKpi, datesError),
    [filters, config, params, group, fallbackKpi, datesError],
  );
  const { query, progress } = useComparison(config.path, body, pin);

  // Once per question, its pin included (a pinned answer may warn of access narrowed since).
  const warned = useRef<string>(undefined);
  useEffect(() => {
    const asked = JSON.stringify([body, pin]);
    if (!query.data || query.isPlaceholderData || warned.current === asked) return;
    warned.current = asked;
    for (const warning of query.data.warnings)
      if (warning.code !== 'graphics.noData') toast.warning(warning.code, warning.params);
  }, [query.data, query.isPlaceholderData, body, pin]);

  const shown = { ...filters, kpi: filters.kpi || fallbackKpi || '' } as GraphicFilters;
  // Only what is still missing is asked for: a KPI is always chosen once the catalogue is read.
  const unasked = !shown.kpi
    ? t('comparisonScreens:chooseFilters')
    : config.programsRequired && filters.programs.length === 0
      ? t('comparisonScreens:choosePrograms')
      : datesError
        ? t('comparisonScreens:fixDates')
        : '';
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={config.title} />
      <Card>
        <GraphicFilterPanel
          kpis={kpis.data ?? []}
          filters={shown}
          onChange={setFilters}
          options={config.options}
          taken={config.taken(params)}
          programsRequired={config.programsRequired ?? false}
          datesError={datesError}
        >
          {config.fields?.(params, setParam)}
        </GraphicFilterPanel>
      </Card>
      <ComparisonResult
        query={query}
        progress={progress}
        asked={body !== undefined}
        unasked={unasked}
        filters={shown}
        kpi={kpis.data?.find((item) => item.id === body?.kpi)}
        axisTitle={config.axisTitle(params)}
        chartType={chartType}
        onChartType={(type) => setParam('chart', type === 'bars' ? '' : type)}
        ordered={config.ordered}
        pinned={pin !== undefined}
        onPin={setPin}
      />
    </div>
  );
}
