import type { RegulatoryCalculationResponse, RegulatoryFileRequest } from '@nq/contracts/analytics/regulatory-report';
import type { ScorecardReportAnswer } from '@nq/contracts/analytics/scorecard-report';
import { basePathOf } from '@nq/contracts/configuration/kinds';
import type { RegulatoryReportFields } from '@nq/contracts/configuration/regulatory-report';
import type { FileList, FileRecord } from '@nq/contracts/files/file-record';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/api-client.ts';
import type { Entity } from '../../../shared/api/entities.ts';

/** A report definition as the list and the editor read it. */
export type RegulatoryReport = Entity & RegulatoryReportFields;

/** The calculation as the API answers it: its warnings carry their message in the caller's language. */
export type Calculation = RegulatoryCalculationResponse;

/** What a calculation is asked at: a definition version (log position or instant) and the data received until. */
export type CalculationAsk = { asOf?: string | undefined; receivedUntil?: string | undefined };

export const reportsPath = basePathOf('regulatory-report');
const path = (id: string) => `${reportsPath}/${encodeURIComponent(id)}`;
const defined = (ask: CalculationAsk) =>
  Object.fromEntries(Object.entries(ask).filter(([, value]) => value !== undefined && value !== ''));

/**
 * GET /regulatory-reports/{id}/calculations: the figures at a definition version from the data received until an
 * instant (the latest of both when not asked). Its failures show in place (too many measurements, calculate error), so
 * they are not toasted; it is not read again on a timer (a calculation reads the whole period).
 */
export function useRegulatoryCalculation(id: string | undefined, ask: CalculationAsk) {
  return useQuery({
    queryKey: ['regulatoryReports', 'calculation', id, defined(ask)],
    queryFn: ({ signal }) => api.get<Calculation>(`${path(id ?? '')}/calculations`, { query: defined(ask), signal }),
    enabled: Boolean(id),
    placeholderData: keepPreviousData,
    // Asked at a version and a data cut-off, the figures never change; the latest ones are asked for again each time.
    staleTime: ask.asOf && ask.receivedUntil ? Number.POSITIVE_INFINITY : 0,
    meta: { silent: true },
  });
}

/** POST /regulatory-reports/{id}/files: the report's PDF or CSV, a file the jobs worker makes (202 with its record). */
export function useRegulatoryFile(id: string) {
  return useMutation({
    mutationFn: (asked: RegulatoryFileRequest) =>
      api.post<ScorecardReportAnswer>(`${path(id)}/files`, {
        format: asked.format,
        ...defined({ asOf: asked.asOf, receivedUntil: asked.receivedUntil }),
        ...(asked.language ? { language: asked.language } : {}),
      }),
    meta: { errorCode: 'generic.error' },
  });
}

/** While a file is being made it is read again this often, so the screen offers it once ready. */
export const FILE_POLL_MS = 3_000;

/** The asked file as files management lists it, followed until it is ready or failed. */
export function useRegulatoryFileRecord(asked: FileRecord | undefined) {
  return useQuery({
    queryKey: ['files', 'regulatoryReport', asked?.id],
    queryFn: ({ signal }) =>
      api
        .get<FileList>('/files-management', { query: { service: 'regulatoryReport', pageSize: 50 }, signal })
        .then((files) => files.list.find((file) => file.id === asked?.id) ?? asked!),
    enabled: Boolean(asked),
    placeholderData: asked,
    refetchInterval: (query) => (query.state.data?.status === 'inProgress' ? FILE_POLL_MS : false),
    meta: { silent: true },
  });
}
