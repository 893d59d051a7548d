import { createHash } from 'node:crypto';
import {
  DomainError,
  monthLabel,
  monthlyDataAnswerSchema,
  monthlyDataParamsSchema,
  monthlyDataRefusal,
  pickLanguage,
} from '@nq/contracts';
import { layerAccess } from '@nq/platform/http/access-rule';
import { errorResponse } from '@nq/platform/http/response-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FileRecords } from '../files/index.ts';
import { monthlyDataKind } from './monthly-data.job.ts';

/**
 * The month's data leaves the platform in bulk for the regulator: administrators (rol admin, or the internal isGod
 * administrator) of a profile with files management, where the file then appears.
 */
const administrators = layerAccess(['files_management'], true);
const errors = { 400: errorResponse, 403: errorResponse, 422: errorResponse, 500: errorResponse };

/** A retried request (same Idempotency-Key, same user) names the same file, so it queues nothing twice. */
const fileIdOf = (userId: string, idempotencyKey: string | undefined) =>
  idempotencyKey === undefined
    ? undefined
    : `file-${createHash('sha256').update(`monthly-data\n${userId}\n${idempotencyKey}`).digest('hex').slice(0, 32)}`;

/**
 * `POST /api/sutel-backend/data/generate/{year}/{month}` (docs/product/api.md#files): asks for the month's data as the
 * caller's profile sees it, a zip made by a job (files management lists it; its link is e-mailed once ready). A month
 * not over in the profile's time zone, or reaching outside its dates, is refused before anything is queued.
 */
export const monthlyDataRoutes: FastifyPluginAsyncZod<{ files: FileRecords }> = async (app, { files }) => {
  app.post(
    '/api/sutel-backend/data/generate/:year/:month',
    {
      config: { access: administrators },
      schema: {
        tags: ['Files'],
        summary: "Generate a month's data (a zip of CSVs per service and deployment): a file made by a job",
        params: monthlyDataParamsSchema,
        response: { 202: monthlyDataAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const asked = request.params;
      const { viewer } = request;
      const refusal = monthlyDataRefusal(asked, viewer.profile, new Date());
      if (refusal)
        throw new DomainError(refusal.code, {
          params: refusal.params,
          details: { month: monthLabel(asked), allowed: { from: viewer.profile.tsStart, to: viewer.profile.tsEnd } },
        });
      const header = request.headers['idempotency-key'];
      const fileId = fileIdOf(viewer.userId, typeof header === 'string' ? header : undefined);
      const { file, position } = await files.request({
        service: 'monthlyData',
        owner: { userId: viewer.userId, profileId: viewer.profileId },
        name: `monthly-data-${monthLabel(asked)}.zip`,
        jobKind: monthlyDataKind,
        payload: {
          year: asked.year,
          month: asked.month,
          userId: viewer.userId,
          profileId: viewer.profileId,
          language: pickLanguage(request.headers['accept-language']),
        },
        ...(fileId ? { fileId } : {}),
      });
      // The files screen lists it in progress as soon as it asks again.
      await files.shown(position);
      return reply.status(202).send({ file });
    },
  );
};
