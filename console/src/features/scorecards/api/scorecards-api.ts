import type { GraphicResponse } from '@nq/contracts/analytics/query-result';
import type {
  ScorecardCalculation,
  ScorecardDrilldownRequest,
  ScorecardVersions,
} from '@nq/contracts/analytics/scorecard-calculation';
import type { ScorecardReportAnswer } from '@nq/contracts/analytics/scorecard-report';
import { basePathOf } from '@nq/contracts/configuration/kinds';
import type { ScorecardFields } from '@nq/contracts/configuration/scorecard';
import type { CsvOptions } from '@nq/contracts/files/csv-options';
import type { FileList, FileRecord } from '@nq/contracts/files/file-record';
import { keepPreviousData, useMutation, useQueries, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api-client.ts';
import type { EntityPage } from '../../../shared/api/entities.ts';
import { useRefreshInterval } from '../../../shared/api/refresh-interval.ts';
import { saveFile } from '../../fleet/download.ts';

/** The data window (dates, whole days in the profile's time zone) and configuration version a calculation uses. */
export type ScorecardSelection = {
  from?: string | undefined;
  to?: string | undefined;
  /** A log position (or an instant): the configuration version; the current one when absent. */
  asOf?: string | undefined;
};
/** A calculation's selection with a comparison window: `<from>/<to>` or `previous`. */
export type CalculationSelection = ScorecardSelection & { compare?: string | undefined };

export type ActiveScorecard = ScorecardFields & { id: string };
/** The calculation as the API answers it: its warnings carry their message in the caller's language. */
export type Calculation = Omit<ScorecardCalculation, 'warnings'> & {
  warnings: { code: string; message: string; params?: Record<string, string | number> }[];
};
export type DrilldownAnswer = Extract<GraphicResponse, { kind: 'metric' }>;

const path = (id: string) => `${basePathOf('scorecard')}/${encodeURIComponent(id)}`;
const defined = (selection: CalculationSelection) =>
  Object.fromEntries(Object.entries(selection).filter(([, value]) => value !== undefined && value !== ''));

/** GET /scorecards/active (docs/product/api.md#scorecards): the active scorecards the profile sees. */
export function useActiveScorecards() {
  return useQuery({
    queryKey: ['scorecards', 'active'],
    queryFn: ({ signal }) =>
      api.get<Pick<EntityPage<ActiveScorecard>, 'list' | 'count'>>(`${basePathOf('scorecard')}/active`, { signal }),
    select: (answer) => answer.list,
    meta: { errorCode: 'scorecards.fetchFailed' },
  });
}

/**
 * A scorecard's scores over a window (and a comparison one) at a configuration version. Its failures are shown in
 * place by the screen (out of the profile's dates, calculate error), so they are not toasted.
 */
export function useScorecardCalculation(id: string | undefined, selection: CalculationSelection, follow = true) {
  const refetchInterval = useRefreshInterval();
  return useQuery({
    queryKey: ['scorecards', 'calculation', id, defined(selection)],
    queryFn: ({ signal }) =>
      api.get<Calculation>(`${path(id ?? '')}/calculations`, { query: defined(selection), signal }),
    enabled: Boolean(id),
    placeholderData: keepPreviousData,
    ...(follow ? { refetchInterval } : {}),
    meta: { silent: true },
  });
}

/** The scorecard's configuration versions, newest first, for the comparison's version pickers. */
export function useScorecardVersions(id: string | undefined) {
  return useQuery({
    queryKey: ['scorecards', 'versions', id],
    queryFn: ({ signal }) => api.get<ScorecardVersions>(`${path(id ?? '')}/versions`, { signal }),
    enabled: Boolean(id),
    meta: { errorCode: 'scorecards.fetchFailed' },
  });
}

export type DrilldownAsk = Pick<ScorecardDrilldownRequest, 'kpi' | 'entity'> & ScorecardSelection;

/**
 * Drilldown (docs/product/api.md#conventions): one KPI of one compared entity day by day; one request per KPI and
 * entity shown.
 */
export function useScorecardDrilldowns(id: string, asks: readonly DrilldownAsk[]) {
  return useQueries({
    queries: asks.map((ask) => ({
      queryKey: ['scorecards', 'drilldown', id, defined(ask)],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.post<DrilldownAnswer>(`/api/graphic/scorecard/${encodeURIComponent(id)}/drilldown`, defined(ask), {
          signal,
        }),
      meta: { silent: true },
    })),
  });
}

/**
 * POST /scorecards/{id}/csv (docs/product/api.md#scorecards): the calculation as a CSV file written as `csv` says,
 * saved under the scorecard's name.
 */
export function useScorecardCsv(id: string) {
  return useMutation({
    mutationFn: (selection: ScorecardSelection & { name: string; csv: CsvOptions }) => {
      const { name, csv, ...asked } = selection;
      return api
        .post<Blob>(`${path(id)}/csv`, { ...defined(asked), csv }, { as: 'blob' })
        .then((csv) => ({ csv, fileName: `${name.replace(/[^\p{L}\p{N}_-]+/gu, '-')}.csv` }));
    },
    onSuccess: ({ csv, fileName }) => saveFile(csv, fileName),
    meta: { errorCode: 'scorecards.csvFailed' },
  });
}

/** Asks for the scorecard report (PDF) of the window and version shown: a file the jobs worker makes. */
export function useScorecardReport(id: string) {
  return useMutation({
    mutationFn: (asked: CalculationSelection & { language: string }) =>
      api.post<ScorecardReportAnswer>(`${path(id)}/report`, defined(asked)),
    meta: { errorCode: 'scorecards.reportFailed' },
  });
}

/** While the report is being made its file is read again this often, so the screen offers it once ready. */
export const REPORT_POLL_MS = 3_000;

/** The report's file as files management lists it, followed until it is ready or failed. */
export function useReportFile(asked: FileRecord | undefined) {
  return useQuery({
    queryKey: ['files', 'scorecardReport', asked?.id],
    queryFn: ({ signal }) =>
      api
        .get<FileList>('/files-management', { query: { service: 'scorecardReport', pageSize: 50 }, signal })
        .then((files) => files.list.find((file) => file.id === asked?.id) ?? asked!),
    enabled: Boolean(asked),
    placeholderData: asked,
    refetchInterval: (query) => (query.state.data?.status === 'inProgress' ? REPORT_POLL_MS : false),
    meta: { silent: true },
  });
}
