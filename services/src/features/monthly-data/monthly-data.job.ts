import {
  csvDefaultsFor,
  deployments,
  kpiIds,
  languages,
  monthLabel,
  monthWindow,
  type Profile,
  probeTypes,
  type SelectionFields,
  selectionFields,
} from '@nq/contracts';
import { jobViewer, type Viewer } from '@nq/platform/access/viewer';
import { type JobKind, PermanentJobFailure } from '@nq/platform/jobs/job-queue-port';
import type { Platform } from '@nq/platform/platform';
import { readAll } from '@nq/platform/read-store/read-all';
import { z } from 'zod';
import {
  type AnalyticsEngine,
  type AnalyticsScope,
  measurementNamer,
  programsScopeOf,
  type Selection,
} from '../analytics/index.ts';
import { analyticsFor } from '../cubes/index.ts';
import { fileJob } from '../files/index.ts';
import { csvStream, including, narrowedSelection, visibleIn } from '../measurements-api/index.ts';
import { monthlyDataReadme } from './monthly-data-readme.ts';
import { zipWriter } from './zip-writer.ts';

export const monthlyDataPayloadSchema = z.object({
  /** The File record the zip is the content of. */
  fileId: z.string(),
  year: z.number().int(),
  month: z.number().int().min(1).max(12),
  /** Who asked: the data is read as their profile sees it when the job runs. */
  userId: z.string(),
  profileId: z.string(),
  /** The README's language. */
  language: z.enum(languages),
});
export type MonthlyDataPayload = z.output<typeof monthlyDataPayloadSchema>;

export const monthlyDataKind: JobKind<MonthlyDataPayload> = {
  name: 'monthly-data',
  payload: monthlyDataPayloadSchema,
  concurrency: 1,
  retry: { attempts: 3, backoffMs: 10_000 },
  timeoutMs: 60 * 60_000,
};

/** One file of the zip: the measurements of a service's probes in a deployment, as `/medux/{service}/{deployment}`. */
interface MonthPart {
  name: string;
  selection: Selection;
}

/** The requester's profile as it is now; a profile gone since the request fails the file for good. */
async function requesterProfile(platform: Platform, profileId: string): Promise<Profile> {
  const profile = platform.entities.service('profile');
  const { state } = await profile.load(profileId);
  if (state.status !== 'active') throw new PermanentJobFailure(`profile ${profileId} no longer exists`);
  return { ...(state.fields as Omit<Profile, 'id'>), id: state.id };
}

/** The job acts as the requester: the probes it reads are those their profile sees. */
const requesterOf = (payload: MonthlyDataPayload, profile: Profile): Viewer =>
  jobViewer({ userId: payload.userId, profile, jobId: payload.fileId });

/** A part per service and deployment that has probes the requester sees, in the order the API lists them. */
async function partsOf(platform: Platform, requester: Viewer, filter: SelectionFields): Promise<MonthPart[]> {
  // Their ids narrow each part's selection: no order needed.
  const probes = await readAll(
    platform.readStore,
    'probes',
    platform.entities.entity('probe').visibility.listFilters(requester),
    { order: 'id' },
  );
  return probeTypes.flatMap((service) =>
    deployments.flatMap((deployment) => {
      const ids = probes
        .filter((probe) => probe.type === service && probe.deployment === deployment)
        .map((probe) => probe.id);
      if (ids.length === 0) return [];
      const where = [including('probeType', [service]), including('probe', ids)];
      return [{ name: `measurements-${service}-${deployment}.csv`, selection: narrowedSelection(filter, {}, where) }];
    }),
  );
}

async function countOf(engine: AnalyticsEngine, parts: MonthPart[], scope: AnalyticsScope, signal: AbortSignal) {
  let total = 0;
  for (const part of parts) total += await engine.count(part.selection, scope, { signal });
  return total;
}

/**
 * Job kind `monthly-data` (docs/product/api.md#files): a month's measurements the requester's profile sees, as
 * one zip holding a CSV per service and deployment (the `/medux` export of those days) and a README.txt naming the
 * month, its time zone and each file's rows. Streamed batch by batch from the engine's scan into the file store.
 */
export const monthlyDataJob = fileJob(monthlyDataKind, (platform) => {
  const engine = analyticsFor(platform);
  return async (payload, output) => {
    const { signal } = output;
    const profile = await requesterProfile(platform, payload.profileId);
    const { scope } = programsScopeOf(profile, undefined);
    const month = { year: payload.year, month: payload.month };
    const window = monthWindow(month, profile.timeZone);
    // The month's days as the export's filter reads them: whole days in the profile's time zone.
    const filter = selectionFields.parse({ tsStart: window.firstDate, tsEnd: window.lastDate });
    const requester = requesterOf(payload, profile);
    const parts = await partsOf(platform, requester, filter);
    const names = measurementNamer(platform, requester);
    const total = await countOf(engine, parts, scope, signal);
    await output.progress({ percent: 0, rows: 0 });

    const csvOptions = csvDefaultsFor(payload.language, profile.timeZone);
    const zip = zipWriter(output.stream);
    const visible = visibleIn(scope);
    const files: { name: string; rows: number }[] = [];
    let written = 0;
    for (const part of parts) {
      const file = { name: part.name, rows: 0 };
      files.push(file);
      const batches = async function* () {
        for await (const batch of engine.scan(part.selection, scope, { signal })) {
          signal.throwIfAborted();
          file.rows += batch.length;
          written += batch.length;
          // The count was taken first: measurements arriving meanwhile may take the rows past it.
          const percent = total === 0 ? 99 : Math.min(99, Math.floor((written / total) * 100));
          await output.progress({ percent, rows: written });
          yield batch.map(visible);
        }
      };
      // Written as /medux writes them for the requester: the defaults of their language, in the profile's time zone.
      await zip.add(part.name, csvStream(batches(), scope.kpis ?? kpiIds, names, csvOptions));
    }
    const readme = monthlyDataReadme(
      {
        month: monthLabel(month),
        timeZone: profile.timeZone,
        firstDate: window.firstDate,
        lastDate: window.lastDate,
        profileName: profile.name,
        generatedAt: new Date().toISOString(),
        files,
      },
      payload.language,
    );
    await zip.add('README.txt', [readme]);
    await zip.end();
  };
});
