import type { GraphicResponse } from '@nq/contracts/analytics/query-result';
import type { KpiId } from '@nq/contracts/measurements/kpis';
import type {
  TestAnalysisLayer,
  TestAnalysisProbes,
  TestAnalysisPrograms,
  TestAnalysisResults,
  TestAnalysisWindow,
} from '@nq/contracts/measurements/test-analysis';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api-client.ts';
import { useRefreshInterval } from '../../../shared/api/refresh-interval.ts';

const probePath = (probeId: string) => `/test-analysis/${encodeURIComponent(probeId)}`;
const programPath = (probeId: string, program: string) =>
  `${probePath(probeId)}/programs/${encodeURIComponent(program)}`;

/**
 * The probes the profile sees (those its measurements come from) whose id or name holds the text, a page of them and
 * how many there are.
 */
export function useProbeSearch(text: string, pageSize: number) {
  return useQuery({
    queryKey: ['test-analysis', 'probes', text, pageSize],
    queryFn: ({ signal }) =>
      api.get<TestAnalysisProbes>('/test-analysis/probes', { query: { q: text || undefined, pageSize }, signal }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

export function usePrograms(probeId: string | undefined, window: Pick<TestAnalysisWindow, 'from' | 'to'>) {
  const refetchInterval = useRefreshInterval();
  return useQuery({
    queryKey: ['test-analysis', 'programs', probeId, window],
    queryFn: ({ signal }) =>
      api.get<TestAnalysisPrograms>(`${probePath(probeId!)}/programs`, { query: window, signal }),
    enabled: probeId !== undefined,
    refetchInterval,
    meta: { silent: true },
  });
}

export function useLayerSettings(probeId: string | undefined) {
  return useQuery({
    queryKey: ['test-analysis', 'layer', probeId],
    queryFn: ({ signal }) => api.get<TestAnalysisLayer>(`${probePath(probeId!)}/layer`, { signal }),
    enabled: probeId !== undefined,
    meta: { silent: true },
  });
}

export interface ResultsRequest extends TestAnalysisWindow {
  page: number;
  pageSize: number;
  order: 'asc' | 'desc';
}

export function useResults(probeId: string | undefined, program: string | undefined, request: ResultsRequest) {
  const refetchInterval = useRefreshInterval();
  return useQuery({
    queryKey: ['test-analysis', 'results', probeId, program, request],
    queryFn: ({ signal }) =>
      api.get<TestAnalysisResults>(`${programPath(probeId!, program!)}/results`, { query: { ...request }, signal }),
    enabled: probeId !== undefined && program !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval,
    meta: { silent: true },
  });
}

export type SeriesAnswer = Extract<GraphicResponse, { kind: 'metric' }>;

export function useKpiSeries(
  probeId: string | undefined,
  program: string | undefined,
  request: (TestAnalysisWindow & { kpi: KpiId; granularity: 'hours' | 'day' }) | undefined,
) {
  const refetchInterval = useRefreshInterval();
  return useQuery({
    queryKey: ['test-analysis', 'series', probeId, program, request],
    queryFn: ({ signal }) =>
      api.get<SeriesAnswer>(`${programPath(probeId!, program!)}/series`, { query: { ...request }, signal }),
    enabled: probeId !== undefined && program !== undefined && request !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval,
    meta: { silent: true },
  });
}
