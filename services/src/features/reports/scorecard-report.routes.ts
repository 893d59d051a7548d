import { createHash } from 'node:crypto';
import { pickLanguage } from '@nq/contracts';
import { scorecardReportAnswerSchema, scorecardReportRequestSchema } from '@nq/contracts/analytics/scorecard-report';
import type { EntityService } from '@nq/platform/entities/entity-service';
import { layerAccess } from '@nq/platform/http/access-rule';
import { errorResponse } from '@nq/platform/http/response-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FileRecords } from '../files/index.ts';
import { analyticsScopeOf, liveWindow, scorecardAsOf } from '../scorecards/index.ts';
import { scorecardReportKind } from './scorecard-report.job.ts';

/** The scorecard screens reach the report, as they reach the calculation it shows. */
const scorecardScreens = layerAccess(['scorecard_live', 'scorecard_comparison', 'scoreManagement']);
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 422: errorResponse, 500: errorResponse };

/** A retried request (same Idempotency-Key, same user) names the same file, so it queues nothing twice. */
const fileIdOf = (userId: string, idempotencyKey: string | undefined) =>
  idempotencyKey === undefined
    ? undefined
    : `file-${createHash('sha256').update(`scorecard-report\n${userId}\n${idempotencyKey}`).digest('hex').slice(0, 32)}`;

/** `quality-2026-2026-10-01-2026-10-31.pdf`: the scorecard and the days it covers, in the profile's time zone. */
const fileNameOf = (scorecardName: string, window: { from: string; to: string }) => {
  const slug =
    scorecardName
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .toLowerCase()
      .replace(/[\s_]+/g, '-')
      .slice(0, 60) || 'scorecard';
  return `${slug}-${window.from.slice(0, 10)}-${window.to.slice(0, 10)}.pdf`;
};

/**
 * `POST /scorecards/{id}/report`: asks for the scorecard report (PDF) of the calculation's window and version as the
 * caller sees it: a File record (files management) whose job renders it. What cannot be scored (an unknown
 * scorecard, a window out of the profile's dates) is refused here, before anything is queued. Pinned when asked: the
 * scorecard's version (its log position, `asOf`) and the data as received until the request's `receivedUntil`
 * (default: now; a window without `to` ends there), so that a retried or late job renders the same figures; the File
 * record and the PDF name both, and asking again with them renders the same report.
 */
export const scorecardReportRoutes: FastifyPluginAsyncZod<{ files: FileRecords; scorecards: EntityService }> = async (
  app,
  { files, scorecards },
) => {
  app.post(
    '/scorecards/:id/report',
    {
      config: { access: scorecardScreens },
      schema: {
        tags: ['Scorecards'],
        summary: 'Ask for the scorecard report (PDF: scores, KPI table, drilldown charts): a file made by a job',
        params: z.object({ id: z.string() }),
        body: scorecardReportRequestSchema.default({}),
        response: { 202: scorecardReportAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { language, receivedUntil: asked, ...selection } = request.body;
      const { viewer } = request;
      const receivedUntil = asked ?? new Date().toISOString();
      const { scorecard, configuration } = await scorecardAsOf(scorecards, request.params.id, selection.asOf);
      const window = liveWindow(selection, { now: new Date(receivedUntil), scope: analyticsScopeOf(viewer.profile) });
      const asOf = configuration.position;
      const header = request.headers['idempotency-key'];
      const fileId = fileIdOf(viewer.userId, typeof header === 'string' ? header : undefined);
      const { file, position } = await files.request({
        service: 'scorecardReport',
        owner: { userId: viewer.userId, profileId: viewer.profileId },
        name: fileNameOf(scorecard.name, { from: selection.from ?? window.from, to: selection.to ?? window.to }),
        jobKind: scorecardReportKind,
        payload: {
          scorecardId: request.params.id,
          selection: { ...selection, asOf },
          receivedUntil,
          userId: viewer.userId,
          profileId: viewer.profileId,
          language: language ?? pickLanguage(request.headers['accept-language']),
        },
        ...(fileId ? { fileId } : {}),
        reproduce: { asOf, receivedUntil },
      });
      // The files screen the answer links to lists it at once.
      await files.shown(position);
      return reply.status(202).send({ file });
    },
  );
};
