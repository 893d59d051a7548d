import { languages, scorecardCalculationRequestSchema } from '@nq/contracts';
import { jobViewer } from '@nq/platform/access/viewer';
import { type JobKind, PermanentJobFailure } from '@nq/platform/jobs/job-queue-port';
import { pdfPageCount, renderPdf } from '@nq/platform/pdf/pdf-renderer';
import type { Platform } from '@nq/platform/platform';
import { z } from 'zod';
import { configurationNarrowingNamer, withNamedNarrowing } from '../analytics/index.ts';
import { analyticsFor } from '../cubes/index.ts';
import { fileJob } from '../files/index.ts';
import type { Caller } from '../scorecards/index.ts';
import { scorecardReport } from './scorecard-report.ts';
import { gatherScorecardReport, type ScorecardReportSources } from './scorecard-report-data.ts';

export const scorecardReportPayloadSchema = z.object({
  /** The File record the PDF is the content of. */
  fileId: z.string(),
  scorecardId: z.string(),
  /** The window and the scorecard's version, pinned (`asOf`, a log position) when it was asked. */
  selection: scorecardCalculationRequestSchema,
  /**
   * The data as received by the time it was asked (a window without `to` ends there): a retry renders the same figures.
   * Absent in a job queued before: whatever has been received when it runs.
   */
  receivedUntil: z.iso.datetime({ offset: true }).optional(),
  /** Who asked: the report reads the data as their profile sees it when the job runs. */
  userId: z.string(),
  profileId: z.string(),
  language: z.enum(languages),
});
export type ScorecardReportPayload = z.output<typeof scorecardReportPayloadSchema>;

export const scorecardReportKind: JobKind<ScorecardReportPayload> = {
  name: 'scorecard-report',
  payload: scorecardReportPayloadSchema,
  concurrency: 2,
  retry: { attempts: 3, backoffMs: 5_000 },
  timeoutMs: 5 * 60_000,
};

export const reportSourcesOf = (platform: Platform): ScorecardReportSources => ({
  engine: analyticsFor(platform),
  scorecards: platform.entities.service('scorecard'),
  readStore: platform.readStore,
  providers: platform.entities.entity('provider').collection,
});

/**
 * The scorecard report as PDF bytes, read as the payload's profile sees the data when it runs (a scorecard gone or a
 * window out of its dates is a `DomainError`: the file fails with its code, no retry).
 */
export async function renderScorecardReport(platform: Platform, payload: ScorecardReportPayload, signal?: AbortSignal) {
  const { state } = await platform.entities.service('profile').load(payload.profileId);
  if (state.status !== 'active') throw new PermanentJobFailure(`profile ${payload.profileId} no longer exists`);
  const caller: Caller = {
    profile: { ...(state.fields as Caller['profile']), id: state.id },
    now: new Date(),
    ...(signal ? { signal } : {}),
    ...(payload.receivedUntil ? { receivedUntil: payload.receivedUntil } : {}),
  };
  const data = await gatherScorecardReport(
    reportSourcesOf(platform),
    payload.scorecardId,
    payload.selection,
    caller,
    payload.language,
  );
  // What the profile narrowed the scores by, named as the asker sees the entities.
  const asker = jobViewer({ userId: payload.userId, profile: caller.profile, jobId: payload.fileId });
  const narrowing = configurationNarrowingNamer(platform);
  const calculation = await withNamedNarrowing(data.calculation, narrowing, asker);
  const { document, warnings } = scorecardReport({ ...data, calculation });
  const pdf = await renderPdf(document);
  return { pdf, pages: pdfPageCount(pdf), warnings };
}

/**
 * Job kind `scorecard-report`: the content of a File record (files management lists it, its link downloads it),
 * written through the file store, so that nobody sees the PDF before it is whole.
 */
export const scorecardReportJob = fileJob(scorecardReportKind, (platform) => async (payload, output) => {
  await output.progress({ percent: 10 });
  const { pdf } = await renderScorecardReport(platform, payload, output.signal);
  await output.progress({ percent: 90 });
  output.stream.write(pdf);
});
