import {
  csvExtractionRequestSchema,
  csvOptionsSchema,
  csvTemplateColumnSchema,
  csvValueKindOf,
  type EnrichedMeasurement,
  logPositionSchema,
  type Profile,
  profileServices,
} from '@nq/contracts';
import { jobViewer } from '@nq/platform/access/viewer';
import { type CsvField, writeCsv } from '@nq/platform/csv/csv-writer';
import { type JobKind, PermanentJobFailure } from '@nq/platform/jobs/job-queue-port';
import type { Platform } from '@nq/platform/platform';
import { z } from 'zod';
import {
  type AnalyticsEngine,
  configurationHistory,
  measurementNamer,
  namedBatches,
  programsScopeOf,
  reproducibleProfile,
} from '../analytics/index.ts';
import { csvColumnsOf } from '../csv-templates/index.ts';
import { analyticsFor } from '../cubes/index.ts';
import { type FileProducer, fileJob } from '../files/index.ts';
import { csvExtractionSelection } from './csv-extraction-selection.ts';
import { asExtractionFailure } from './engine-refusal.ts';

export const csvExtractionPayloadSchema = z.object({
  /** The File record the CSV is the content of. */
  fileId: z.string(),
  service: z.enum(profileServices),
  programs: z.array(z.string()).min(1),
  // The request's filters (its template already resolved to `columns`), `receivedUntil` among them: the data as it
  // was received by the time it was asked (absent in a job queued before: whatever has been received when it runs).
  filters: csvExtractionRequestSchema,
  /** The template's columns when it was asked for: a retry writes the same columns. */
  columns: z.array(csvTemplateColumnSchema).min(1),
  /** How the file is written, as resolved when it was asked for (absent in a job queued before: the writer's default). */
  csv: csvOptionsSchema.optional(),
  /**
   * The configuration position it was asked at: the file holds what the asker's profile saw then, unless their access
   * has narrowed since (then what it sees when the job runs, with a warning). Absent in a job queued before: the
   * profile when it runs.
   */
  asOf: logPositionSchema.optional(),
  /** Who asked. */
  userId: z.string(),
  profileId: z.string(),
});
export type CsvExtractionPayload = z.output<typeof csvExtractionPayloadSchema>;

export const csvExtractionKind: JobKind<CsvExtractionPayload> = {
  name: 'csv-extraction',
  payload: csvExtractionPayloadSchema,
  concurrency: 2,
  retry: { attempts: 3, backoffMs: 10_000 },
  timeoutMs: 60 * 60_000,
};

/** Measurements read per page of the scan. */
const SCAN_BATCH = 5_000;
/** Progress is told after at least this many more rows. */
const PROGRESS_EVERY_ROWS = 5_000;

async function profileOf(platform: Platform, profileId: string): Promise<Profile> {
  const { state } = await platform.entities.service('profile').load(profileId);
  if (state.status !== 'active') throw new PermanentJobFailure(`profile ${profileId} no longer exists`);
  return { ...(state.fields as Profile), id: state.id };
}

/** The profile the file is written with: as it was at the payload's position, never seeing more than it does now. */
async function reproducedProfileOf(platform: Platform, payload: CsvExtractionPayload) {
  const now = await profileOf(platform, payload.profileId);
  if (payload.asOf === undefined) return { profile: now, warnings: [] };
  const history = configurationHistory(platform.eventStore, platform.entities.service('profile'));
  const scopeOf = (profile: Profile) => programsScopeOf(profile, payload.programs).scope;
  return reproducibleProfile(history, { profileId: payload.profileId, profile: now }, scopeOf, payload.asOf);
}

/** The engine's batches; a selection it refuses becomes the file's error (`measurements.fetchFailed`). */
async function* scanned(engine: AnalyticsEngine, ...args: Parameters<AnalyticsEngine['scan']>) {
  try {
    yield* engine.scan(...args);
  } catch (error) {
    throw asExtractionFailure(error);
  }
}

/**
 * The extraction's CSV (docs/product/api.md#csv-templates): every measurement the profile sees for the selection, one
 * row each in the template's columns, written with the payload's CSV options, streamed from the engine's scan (a point
 * in time on Elasticsearch) to the output. Memory stays flat whatever the size: a batch is written only once the output has taken the one before.
 * Pinned when asked (`asOf`, `filters.receivedUntil`): a retried or late job writes the same rows.
 */
export function csvExtractionProducer(platform: Platform): FileProducer<CsvExtractionPayload> {
  const engine = analyticsFor(platform);
  return async (payload, output) => {
    const { signal } = output;
    const { profile, warnings } = await reproducedProfileOf(platform, payload);
    const { selection, scope } = csvExtractionSelection(profile, payload);
    const total = await engine.count(selection, scope, { signal }).catch((error: unknown) => {
      throw asExtractionFailure(error);
    });
    // Providers, campaigns, tags… by their names, as far as the asker's profile sees them.
    const names = measurementNamer(platform, jobViewer({ userId: payload.userId, profile, jobId: payload.fileId }));
    // A template's header row is its columns' names, whatever the header language (the templates screen shows it);
    // its time columns are instants, written in the file's time zone, and a count of them a number.
    const fields: CsvField<EnrichedMeasurement>[] = csvColumnsOf(payload, names).map((column) => ({
      label: column.header,
      instant: csvValueKindOf(column.column) === 'time' && column.column.operation !== 'count',
      // An empty cell is written empty, not as an empty text.
      value: (measurement) => {
        const cell = column.cellOfOne(measurement);
        return cell === '' ? undefined : cell;
      },
    }));
    let told = 0;
    const percentOf = (rows: number) => (total > 0 ? Math.min(99, Math.floor((rows / total) * 100)) : 0);
    const rows = await writeCsv(
      output.stream,
      fields,
      namedBatches(scanned(engine, selection, scope, { signal, batchSize: SCAN_BATCH }), names),
      {
        signal,
        ...(payload.csv ? { csv: payload.csv } : {}),
        onBatch: async (written) => {
          if (written - told < PROGRESS_EVERY_ROWS) return;
          told = written;
          await output.progress({ rows: written, percent: percentOf(written) });
        },
      },
    );
    await output.progress({ rows, percent: percentOf(rows) });
    return { warnings };
  };
}

/** Job kind `csv-extraction`: the content of a File record (files management lists it, its link downloads it). */
export const csvExtractionJob = fileJob(csvExtractionKind, csvExtractionProducer);
