import {
  type HttpErrorCode,
  type ImportFormat,
  type ImportReport,
  type ImportState,
  type ImportStatus,
  type ImportSummary,
  type Language,
  type MessageParams,
  translate,
} from '@nq/contracts';
import { isFinal, type JobSnapshot, type JobState } from '@nq/platform/jobs/job-queue-port';
import type { ImportOutcome, ImportRecord } from './import-records.ts';
import { failureOf, type ResultImportPayload } from './result-import.job.ts';

const importStateOf = (state: JobState): ImportState => state;

/** An import before its messages are put in the reader's language. */
interface ImportView {
  id: string;
  format: ImportFormat;
  url?: string;
  state: ImportState;
  progress: { rows?: number; percent?: number };
  createdAt: string;
  finishedAt?: string;
  report?: ImportReport;
  error?: { code: HttpErrorCode; params?: MessageParams };
}

/** How a job that has ended ended, to be kept with the import's record (the queue forgets the job after 30 days). */
export function outcomeOf(job: JobSnapshot): ImportOutcome | undefined {
  if (!isFinal(job.state)) return undefined;
  const finishedAt = (job.finishedAt ?? new Date()).toISOString();
  if (job.state === 'completed') return { state: 'completed', finishedAt, report: job.result as ImportReport };
  if (job.state === 'failed') return { state: 'failed', finishedAt, error: failureOf(job.error) };
  return { state: 'cancelled', finishedAt };
}

function jobView(job: JobSnapshot): ImportView {
  const payload = job.payload as ResultImportPayload;
  const ended = job.state === 'completed' || job.state === 'failed' ? outcomeOf(job) : undefined;
  return {
    id: job.id,
    format: payload.format,
    ...(payload.from.kind === 'url' ? { url: payload.from.url } : {}),
    state: importStateOf(job.state),
    progress: job.progress,
    createdAt: job.createdAt.toISOString(),
    ...(job.finishedAt ? { finishedAt: job.finishedAt.toISOString() } : {}),
    ...(ended?.report ? { report: ended.report } : {}),
    ...(ended?.error ? { error: ended.error as ImportView['error'] } : {}),
  };
}

/** A record whose job is gone: its outcome, or — none was kept — an import that stopped without saying why. */
function recordView(record: ImportRecord): ImportView {
  const outcome: ImportOutcome = record.outcome ?? {
    state: 'failed',
    finishedAt: record.createdAt,
    error: { code: 'resultImports.failed' },
  };
  const { report } = outcome;
  return {
    id: record.id,
    format: record.format,
    ...(record.url ? { url: record.url } : {}),
    state: outcome.state,
    progress: report ? { rows: report.read, percent: 100 } : {},
    createdAt: record.createdAt,
    finishedAt: outcome.finishedAt,
    ...(report ? { report } : {}),
    ...(outcome.error ? { error: outcome.error as ImportView['error'] } : {}),
  };
}

/** An import as the record and the job tell it: the outcome once kept, else the job while the queue has it. */
export function importView(record: ImportRecord | undefined, job: JobSnapshot | undefined): ImportView | undefined {
  if (record && (record.outcome || !job)) return recordView(record);
  return job ? jobView(job) : undefined;
}

const errorIn = (error: NonNullable<ImportView['error']>, language: Language) => ({
  code: error.code,
  message: translate(error.code, language, error.params),
  ...(error.params ? { params: error.params } : {}),
});

/** The import with its report's refusals and its error worded in the reader's language. */
export function statusOf({ report, error, ...view }: ImportView, language: Language): ImportStatus {
  return {
    ...view,
    ...(report
      ? {
          report: {
            ...report,
            refusals: report.refusals.map((refusal) => ({
              ...refusal,
              message: translate(refusal.code, language, refusal.params),
            })),
          },
        }
      : {}),
    ...(error ? { error: errorIn(error, language) } : {}),
  };
}

/** The import as the list shows it: its report's figures, without the refusals. */
export function summaryOf({ report, error, ...view }: ImportView, language: Language): ImportSummary {
  const summary: ImportSummary = { ...view, ...(error ? { error: errorIn(error, language) } : {}) };
  if (report) {
    const { refusals: _listed, ...figures } = report;
    summary.report = figures;
  }
  return summary;
}
