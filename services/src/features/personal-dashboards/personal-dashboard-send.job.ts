import {
  DomainError,
  languages,
  logPositionSchema,
  type PersonalDashboardFields,
  type Profile,
  type QueryIr,
  queryIrSchema,
  targetsOfProgram,
  translate,
} from '@nq/contracts';
import { jobViewer } from '@nq/platform/access/viewer';
import { type JobKind, PermanentJobFailure } from '@nq/platform/jobs/job-queue-port';
import { renderPdf } from '@nq/platform/pdf/pdf-renderer';
import type { Platform } from '@nq/platform/platform';
import { z } from 'zod';
import {
  type AnalyticsScope,
  admitGraphicType,
  configurationHistory,
  configurationSeriesLabeller,
  profileScopeOf,
  programsScopeOf,
  reproducibleProfile,
} from '../analytics/index.ts';
import { analyticsFor } from '../cubes/index.ts';
import { fileJob } from '../files/index.ts';
import { dashboardPdf, type GraphicAnswer } from './dashboard-pdf.ts';
import { computedPeriod } from './graphic-period.ts';

export const personalDashboardSendPayloadSchema = z.object({
  fileId: z.string(),
  dashboardId: z.string(),
  /** The dashboard as it was when sent. */
  version: z.number().int(),
  timeZone: z.string(),
  language: z.enum(languages),
  userId: z.string(),
  profileId: z.string(),
  /**
   * The configuration position it was sent at: the dashboard as it was then, its graphics read as the sender's profile
   * saw the data then, unless their access has narrowed since (then as it sees it when the job runs, with a warning).
   * Absent in a job queued before: the dashboard and the profile when it runs.
   */
  asOf: logPositionSchema.optional(),
  /**
   * The data as received by the time it was sent: a retried or late job draws the same figures. Absent in a job queued
   * before: whatever has been received when it runs.
   */
  receivedUntil: z.iso.datetime({ offset: true }).optional(),
});
export type PersonalDashboardSendPayload = z.output<typeof personalDashboardSendPayloadSchema>;

export const personalDashboardSendKind: JobKind<PersonalDashboardSendPayload> = {
  name: 'personal-dashboard-send',
  payload: personalDashboardSendPayloadSchema,
  concurrency: 2,
  retry: { attempts: 3, backoffMs: 5_000 },
  timeoutMs: 5 * 60_000,
};

/**
 * What a profile lets a dashboard's graphics see: its scope, with the targets of the programs they name (as
 * `programsScopeOf` reads each graphic's).
 */
const graphicsScopeOf =
  (requests: readonly QueryIr[]) =>
  (profile: Profile): AnalyticsScope => {
    const scope = profileScopeOf(profile);
    const programs = [...new Set(requests.flatMap((request) => request.programs ?? []))];
    if (profile.isGod || programs.length === 0) return scope;
    return { ...scope, destinations: [...new Set(programs.flatMap((program) => targetsOfProgram(profile, program)))] };
  };

/** A graphic's request reading only the data received by the PDF's pin (and by its own, when it names an earlier one). */
function receivedBy(request: QueryIr, receivedUntil: string | undefined): QueryIr {
  if (receivedUntil === undefined) return request;
  const own = request.receivedUntil;
  return own !== undefined && Date.parse(own) < Date.parse(receivedUntil) ? request : { ...request, receivedUntil };
}

/**
 * The dashboard as sent, its graphics' queries run (in parallel) as the sender's profile sees the data. Pinned when
 * sent (`asOf`, `receivedUntil`; docs: reproducing a published number): the dashboard and the profile as they were at
 * `asOf` (never seeing more than the profile does now: then today's scope, with `graphics.reproducedWithNarrowerAccess`
 * among the warnings), the data received until `receivedUntil`, so that a late job or a send asked again with them
 * draws the same figures. Without them (a job queued before), the dashboard and the data as they are now.
 */
export async function renderDashboardPdf(
  platform: Platform,
  payload: PersonalDashboardSendPayload,
  signal?: AbortSignal,
) {
  const services = {
    profile: platform.entities.service('profile'),
    'personal-dashboard': platform.entities.service('personal-dashboard'),
  };
  const [{ state: profileState }, { state: dashboard }] = await Promise.all([
    services.profile.load(payload.profileId),
    services['personal-dashboard'].load(payload.dashboardId, payload.asOf),
  ]);
  if (profileState.status !== 'active') throw new PermanentJobFailure(`profile ${payload.profileId} no longer exists`);
  if (dashboard.status !== 'active' || dashboard.version < payload.version)
    throw new PermanentJobFailure(`dashboard ${payload.dashboardId} is not at version ${payload.version}`);
  const fields = dashboard.fields as PersonalDashboardFields;
  const now = { ...(profileState.fields as Profile), id: profileState.id } as Profile;
  const requests = fields.categories.flatMap((category) =>
    category.graphics.flatMap((graphic) => {
      const parsed = queryIrSchema.safeParse(graphic.request);
      return parsed.success ? [parsed.data] : [];
    }),
  );
  const { profile, warnings: reproduced } =
    payload.asOf === undefined
      ? { profile: now, warnings: [] }
      : await reproducibleProfile(
          configurationHistory(platform.eventStore, services.profile),
          { profileId: payload.profileId, profile: now },
          graphicsScopeOf(requests),
          payload.asOf,
        );
  const engine = analyticsFor(platform);
  // Series named as on screen (providers, campaigns, probes… by name, not id), as far as the sender's profile sees them.
  const labels = configurationSeriesLabeller(platform);
  const sender = jobViewer({ userId: payload.userId, profile, jobId: payload.fileId });
  const graphics = fields.categories.flatMap((category) =>
    category.graphics.map((graphic) => ({ category: category.name, graphic })),
  );
  // The graphics' periods end when their data was taken as received until: at the pin, when sent pinned.
  const computedAt = payload.receivedUntil ? new Date(payload.receivedUntil) : new Date();
  const answers: GraphicAnswer[] = await Promise.all(
    graphics.map(async ({ category, graphic }) => {
      try {
        const request = receivedBy(queryIrSchema.parse(graphic.request), payload.receivedUntil);
        admitGraphicType(profile, request.graphicType);
        const { scope } = programsScopeOf(profile, request.programs);
        const result = await labels(await engine.run(request, scope, signal ? { signal } : {}), sender);
        return { category, graphic, result, period: computedPeriod(request, scope, computedAt) };
      } catch (error) {
        // One graphic's data refused (say, a program the profile no longer has) leaves a note, not a failed PDF.
        if (!(error instanceof DomainError)) throw error;
        return { category, graphic, error: translate(error.code, payload.language, error.params) };
      }
    }),
  );
  const { document, warnings } = dashboardPdf(fields, answers, {
    profile: profile.name,
    language: payload.language,
    timeZone: payload.timeZone,
    generatedAt: new Date(),
    ...(payload.asOf && payload.receivedUntil
      ? { reproduce: { asOf: payload.asOf, receivedUntil: payload.receivedUntil } }
      : {}),
  });
  return { pdf: await renderPdf(document), warnings, reproduced };
}

/** Job kind `personal-dashboard-send`: the PDF of a File record; the files feature e-mails its owner when it is ready. */
export const personalDashboardSendJob = fileJob(personalDashboardSendKind, (platform) => async (payload, output) => {
  await output.progress({ percent: 10 });
  const { pdf, reproduced } = await renderDashboardPdf(platform, payload, output.signal);
  await output.progress({ percent: 90 });
  output.stream.write(pdf);
  // What its owner should know of its figures, kept with the file: access narrowed since the position it reproduces.
  return { warnings: reproduced };
});
