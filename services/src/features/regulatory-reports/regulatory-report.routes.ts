import { createHash } from 'node:crypto';
import {
  type CatalogueWarning,
  csvOptionsFor,
  DomainError,
  pickLanguage,
  regulatoryCalculationRequestSchema,
  regulatoryCalculationResponseSchema,
  regulatoryFileRequestSchema,
  warningBody,
} from '@nq/contracts';
import { scorecardReportAnswerSchema } from '@nq/contracts/analytics/scorecard-report';
import type { EntityService } from '@nq/platform/entities/entity-service';
import { layerAccess } from '@nq/platform/http/access-rule';
import { errorResponse } from '@nq/platform/http/response-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AnalyticsEngine, abortOnDisconnect, type SeriesLabeller } from '../analytics/index.ts';
import type { FileRecords } from '../files/index.ts';
import { calculateRegulatoryReport, reportAsOf, screenMeasurementLimit } from './calculate-regulatory-report.ts';
import { withProviderNames } from './provider-names.ts';
import { regulatoryFileKind } from './regulatory-report.job.ts';

const regulatoryScreen = layerAccess(['regulatory_format']);
const tags = ['Regulatory reports'];
const params = z.object({ id: z.string() });
const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 422: errorResponse, 500: errorResponse };

const translated = (language: string | undefined, warnings: CatalogueWarning[]) =>
  warnings.map((warning) => warningBody(warning, pickLanguage(language)));

/** A retried request (same Idempotency-Key, same user) names the same file, so it queues nothing twice. */
const fileIdOf = (userId: string, idempotencyKey: string | undefined) =>
  idempotencyKey === undefined
    ? undefined
    : `file-${createHash('sha256').update(`regulatory-report\n${userId}\n${idempotencyKey}`).digest('hex').slice(0, 32)}`;

const slugOf = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
    .slice(0, 60) || 'regulatory-report';

/**
 * `GET /regulatory-reports/{id}/calculations` (the screen; bounded to what a request may read) and
 * `POST /regulatory-reports/{id}/files` (its PDF or CSV, made by a job, unbounded). Both compute at a definition
 * version (`asOf`) from the data received until an instant: the answer names both, and asking again with them answers
 * the same numbers.
 */
export const regulatoryReportRoutes: FastifyPluginAsyncZod<{
  engine: AnalyticsEngine;
  reports: EntityService;
  labels: SeriesLabeller;
  files: FileRecords;
}> = async (app, sources) => {
  app.get(
    '/regulatory-reports/:id/calculations',
    {
      config: { access: regulatoryScreen },
      schema: {
        tags,
        summary:
          'Compute the report: per provider (and technology) each statistic with its 95 % interval and sample size, the pairs that differ, what was excluded, and how to reproduce it',
        params,
        querystring: regulatoryCalculationRequestSchema,
        response: { 200: regulatoryCalculationResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const calculation = await abortOnDisconnect(reply, (signal) =>
        calculateRegulatoryReport(sources, request.params.id, request.query, {
          profile: request.viewer.profile,
          now: new Date(),
          signal,
          limit: screenMeasurementLimit,
        }),
      );
      const named = await withProviderNames(calculation, sources.labels, request.viewer);
      return { ...named, warnings: translated(request.headers['accept-language'], calculation.warnings) };
    },
  );

  app.post(
    '/regulatory-reports/:id/files',
    {
      config: { access: regulatoryScreen },
      schema: {
        tags,
        summary: 'Ask for the report as a PDF (figures and methodology) or a CSV (every figure): a file made by a job',
        params,
        body: regulatoryFileRequestSchema,
        response: { 202: scorecardReportAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { format, language: asked, asOf, receivedUntil, csv } = request.body;
      const language = asked ?? pickLanguage(request.headers['accept-language']);
      const { viewer } = request;
      const now = new Date();
      if (receivedUntil && Date.parse(receivedUntil) > now.getTime())
        throw new DomainError('regulatoryReports.receivedUntilFuture', { params: { receivedUntil } });
      // The file reads what the screen read when it was asked: the version then and the data received by then.
      const report = await reportAsOf(sources.reports, request.params.id, asOf);
      const header = request.headers['idempotency-key'];
      const fileId = fileIdOf(viewer.userId, typeof header === 'string' ? header : undefined);
      const pin = { asOf: report.position, receivedUntil: receivedUntil ?? now.toISOString() };
      const { file, position } = await sources.files.request({
        service: 'regulatoryReport',
        owner: { userId: viewer.userId, profileId: viewer.profileId },
        name: `${slugOf(report.fields.name)}-${report.fields.from}-${report.fields.to}.${format}`,
        jobKind: regulatoryFileKind,
        // The file record names what reproduces it, as the report's own answer does.
        reproduce: pin,
        payload: {
          reportId: request.params.id,
          format,
          ...pin,
          userId: viewer.userId,
          profileId: viewer.profileId,
          language,
          ...(format === 'csv' ? { csv: csvOptionsFor(language, report.fields.timeZone, csv) } : {}),
        },
        ...(fileId ? { fileId } : {}),
      });
      await sources.files.shown(position);
      return reply.status(202).send({ file });
    },
  );
};
