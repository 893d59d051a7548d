import {
  DomainError,
  languages,
  type PersonalDashboardFields,
  type Profile,
  queryIrSchema,
  translate,
} from '@nq/contracts';
import { jobViewer } from '@nq/platform/access/viewer';
import { type JobKind, PermanentJobFailure } from '@nq/platform/jobs/job-queue-port';
import { renderPdf } from '@nq/platform/pdf/pdf-renderer';
import type { Platform } from '@nq/platform/platform';
import { z } from 'zod';
import { admitGraphicType, configurationSeriesLabeller, programsScopeOf } from '../analytics/index.ts';
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
});
export type PersonalDashboardSendPayload = z.output<typeof personalDashboardSendPayloadSchema>;

export const personalDashboardSendKind: JobKind<PersonalDashboardSendPayload> = {
  name: 'personal-dashboard-send',
  payload: personalDashboardSendPayloadSchema,
  concurrency: 2,
  retry: { attempts: 3, backoffMs: 5_000 },
  timeoutMs: 5 * 60_000,
};

/** The dashboard as sent, its graphics' queries run (in parallel) as the sender's profile sees the data now. */
export async function renderDashboardPdf(
  platform: Platform,
  payload: PersonalDashboardSendPayload,
  signal?: AbortSignal,
) {
  const services = {
    profile: platform.entities.service('profile'),
    'personal-dashboard': platform.entities.service('personal-dashboard'),
  };
  const [{ state: profileState }, { state: dashboardState }] = await Promise.all([
    services.profile.load(payload.profileId),
    services['personal-dashboard'].load(payload.dashboardId),
  ]);
  if (profileState.status !== 'active') throw new PermanentJobFailure(`profile ${payload.profileId} no longer exists`);
  if (dashboardState.version < payload.version)
    throw new PermanentJobFailure(`dashboard ${payload.dashboardId} is not at version ${payload.version}`);
  const { state: dashboard } = await services['personal-dashboard'].load(payload.dashboardId);
  const fields = dashboard.fields as PersonalDashboardFields;
  const profile = { ...(profileState.fields as Profile), id: profileState.id } as Profile;
  const engine = analyticsFor(platform);
  // Series named as on screen (providers, campaigns, probes… by name, not id), as far as the sender's profile sees them.
  const labels = configurationSeriesLabeller(platform);
  const sender = jobViewer({ userId: payload.userId, profile, jobId: payload.fileId });
  const graphics = fields.categories.flatMap((category) =>
    category.graphics.map((graphic) => ({ category: category.name, graphic })),
  );
  const computedAt = new Date();
  const answers: GraphicAnswer[] = await Promise.all(
    graphics.map(async ({ category, graphic }) => {
      try {
        const request = queryIrSchema.parse(graphic.request);
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
  });
  return { pdf: await renderPdf(document), warnings };
}

/** Job kind `personal-dashboard-send`: the PDF of a File record; the files feature e-mails its owner when it is ready. */
export const personalDashboardSendJob = fileJob(personalDashboardSendKind, (platform) => async (payload, output) => {
  await output.progress({ percent: 10 });
  const { pdf } = await renderDashboardPdf(platform, payload, output.signal);
  await output.progress({ percent: 90 });
  output.stream.write(pdf);
});
