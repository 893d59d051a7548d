import { csvOptionsSchema, languages, logPositionSchema, type Profile, regulatoryFileFormats } from '@nq/contracts';
import { jobViewer } from '@nq/platform/access/viewer';
import { type JobKind, PermanentJobFailure } from '@nq/platform/jobs/job-queue-port';
import { renderPdf } from '@nq/platform/pdf/pdf-renderer';
import type { Platform } from '@nq/platform/platform';
import { z } from 'zod';
import { configurationSeriesLabeller } from '../analytics/index.ts';
import { analyticsFor } from '../cubes/index.ts';
import { fileJob } from '../files/index.ts';
import { calculateRegulatoryReport } from './calculate-regulatory-report.ts';
import { withProviderNames } from './provider-names.ts';
import { regulatoryReportCsv } from './regulatory-report-csv.ts';
import { regulatoryReportPdf } from './regulatory-report-pdf.ts';

export const regulatoryFilePayloadSchema = z.object({
  /** The File record the PDF or CSV is the content of. */
  fileId: z.string(),
  reportId: z.string(),
  format: z.enum(regulatoryFileFormats),
  /** The definition's version and the data received by the time the file was asked: what the screen showed then. */
  asOf: logPositionSchema,
  receivedUntil: z.string(),
  /** Who asked: the figures read the data as their profile sees it. */
  userId: z.string(),
  profileId: z.string(),
  language: z.enum(languages),
  /** The CSV's options, resolved when it was asked (a retry writes the same file). */
  csv: csvOptionsSchema.optional(),
});
export type RegulatoryFilePayload = z.output<typeof regulatoryFilePayloadSchema>;

export const regulatoryFileKind: JobKind<RegulatoryFilePayload> = {
  name: 'regulatory-report',
  payload: regulatoryFilePayloadSchema,
  concurrency: 1,
  retry: { attempts: 3, backoffMs: 5_000 },
  timeoutMs: 30 * 60_000,
};

/** The report's figures as the payload's profile sees the data, at the payload's version and received-until. */
export async function regulatoryFileContent(platform: Platform, payload: RegulatoryFilePayload, signal?: AbortSignal) {
  const { state } = await platform.entities.service('profile').load(payload.profileId);
  if (state.status !== 'active') throw new PermanentJobFailure(`profile ${payload.profileId} no longer exists`);
  const profile = { ...(state.fields as Profile), id: state.id };
  const calculation = await calculateRegulatoryReport(
    { engine: analyticsFor(platform), reports: platform.entities.service('regulatory-report') },
    payload.reportId,
    { asOf: payload.asOf, receivedUntil: payload.receivedUntil },
    { profile, now: new Date(), ...(signal ? { signal } : {}) },
  );
  const viewer = jobViewer({ userId: payload.userId, profile, jobId: payload.fileId });
  const named = await withProviderNames(calculation, configurationSeriesLabeller(platform), viewer);
  if (payload.format === 'csv') return Buffer.from(regulatoryReportCsv(named, payload.language, payload.csv), 'utf8');
  return renderPdf(
    regulatoryReportPdf({ calculation: named, language: payload.language, profileName: String(profile.name ?? '') }),
  );
}

/**
 * Job kind `regulatory-report`: the report's PDF (figures, comparisons, methodology) or CSV (every figure), the
 * content of a File record, written through the file store so that nobody sees it before it is whole.
 */
export const regulatoryReportJob = fileJob(regulatoryFileKind, (platform) => async (payload, output) => {
  await output.progress({ percent: 5 });
  const content = await regulatoryFileContent(platform, payload, output.signal);
  await output.progress({ percent: 95 });
  output.stream.write(content);
});
