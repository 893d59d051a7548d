import { createHash } from 'node:crypto';
import {
  type BatchAnswer,
  batchAnswerSchema,
  DomainError,
  gatewayConfigurationSchema,
  measurementSchema,
  pickLanguage,
  probeCredentialsSchema,
  probeStatusReportSchema,
} from '@nq/contracts';
import type { EntityService } from '@nq/platform/entities/entity-service';
import { localizedProblems } from '@nq/platform/entities/validation-error';
import { probeAccess, probeRenewalAccess } from '@nq/platform/http/access-rule';
import { errorResponse } from '@nq/platform/http/response-schemas';
import type { FleetTopics } from '@nq/platform/log/fleet-topics';
import type { LogPort } from '@nq/platform/log/log-port';
import type { SecretSealer } from '@nq/platform/secrets/secret-sealer';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { IdentityService } from '../identity/index.ts';
import { type ItemRejection, splitBatch } from './batch-items.ts';

export interface GatewayRouteOptions {
  probes: EntityService;
  taskSuites: EntityService;
  log: LogPort;
  topics: FleetTopics;
  secrets: Pick<SecretSealer, 'reveal'>;
  identity: Pick<IdentityService, 'renewProbeCredentials'>;
}

export const MAX_BATCH_ITEMS = 1_000;
const tags = ['Probe gateway'];
const config = { access: probeAccess };
const batchBody = z.object({
  items: z.array(z.unknown()).min(1, 'validation.required').max(MAX_BATCH_ITEMS, 'validation.tooBig'),
});
const idOf = (key: string) => (item: unknown) => {
  const value = typeof item === 'object' && item !== null ? (item as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? value : undefined;
};
const otherProbe = (probeId: string) => (item: { probeId: string }) =>
  item.probeId === probeId
    ? undefined
    : { field: 'probeId', code: 'probes.notFound', message: `this probe is ${probeId}, not ${item.probeId}` };

/**
 * The probe-facing API: a probe signs with its own credentials, fetches its configuration (with an ETag),
 * and posts batches of results and status reports. Each batch is answered per item; the valid items are on the topic,
 * acknowledged by the broker, before the 202.
 */
export const gatewayRoutes: FastifyPluginAsyncZod<GatewayRouteOptions> = async (app, options) => {
  const { probes, taskSuites, log, secrets, topics, identity } = options;

  app.post(
    '/credentials',
    {
      // Expired credentials may still call this one route for a while (PROBE_CREDENTIALS_RENEWAL_GRACE_SECONDS).
      config: { access: probeRenewalAccess },
      schema: {
        tags,
        summary:
          'New credentials for this probe: those it signed with stay valid 10 minutes more (it saves the new ones meanwhile), older ones end',
        response: { 201: probeCredentialsSchema, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const { state: probe } = await probes.load(request.probe.probeId);
      if (probe.status !== 'active') throw new DomainError('probes.notFound');
      return reply.status(201).send(await identity.renewProbeCredentials(request.probe));
    },
  );

  app.get(
    '/configuration',
    {
      config,
      // A fleet calls these many times a second: only problems are logged.
      logLevel: 'warn',
      schema: {
        tags,
        summary:
          "The probe's configuration: its settings (with its own secrets) and its task suite; 304 while unchanged",
        headers: z.object({ 'if-none-match': z.string().optional() }).loose(),
        response: {
          200: gatewayConfigurationSchema,
          304: z.null(),
          404: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const { state: probe } = await probes.load(request.probe.probeId);
      if (probe.status !== 'active') throw new DomainError('probes.notFound');
      const suiteId = probe.fields.taskSuite as string | undefined;
      const suite = suiteId ? (await taskSuites.load(suiteId)).state : undefined;
      const version = createHash('sha256')
        .update(`${probe.version}:${suiteId ?? ''}:${suite?.version ?? 0}`)
        .digest('base64url')
        .slice(0, 22);
      const etag = `"${version}"`;
      reply.header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send(null);
      return {
        version,
        probe: secrets.reveal({ ...probe.fields, id: probe.id }),
        taskSuite: suite?.status === 'active' ? { ...suite.fields, id: suite.id } : null,
      };
    },
  );

  async function publish(
    topic: string,
    probeId: string,
    items: object[],
    rejected: ItemRejection[],
  ): Promise<BatchAnswer> {
    if (items.length > 0) {
      const receivedAt = new Date().toISOString();
      await log.produce(
        topic,
        items.map((item) => ({ key: probeId, value: JSON.stringify({ ...item, receivedAt }) })),
      );
    }
    return { accepted: items.length, rejected };
  }

  /** A batch route: each item validated on its own, the valid ones on `topic` before the 202. */
  function batchRoute(
    path: string,
    summary: string,
    schema: z.ZodType<{ probeId: string }>,
    topic: string,
    idKey: string,
  ) {
    app.post(
      path,
      {
        // Text the platform refuses in an item rejects that item, not the batch.
        config: { ...config, checksOwnBodyText: true },
        // A fleet calls these many times a second: only problems are logged.
        logLevel: 'warn',
        schema: {
          tags,
          summary,
          body: batchBody,
          // 503 with Retry-After while the log cannot take them: the probe keeps its items and sends them again.
          response: { 202: batchAnswerSchema, 400: errorResponse, 503: errorResponse },
        },
      },
      async (request, reply) => {
        const { probeId } = request.probe;
        const { accepted, rejected } = splitBatch(
          request.body.items,
          schema,
          otherProbe(probeId),
          idOf(idKey),
          request.bodyMayHoldForbiddenText,
        );
        const language = pickLanguage(request.headers['accept-language']);
        const answered = rejected.map(({ problems, ...rejection }) => ({
          ...rejection,
          problems: localizedProblems(problems, language),
        }));
        return reply.status(202).send(await publish(topic, probeId, accepted, answered));
      },
    );
  }

  batchRoute(
    '/results',
    `A batch of results (at most ${MAX_BATCH_ITEMS}): 202 once the valid ones are on measurements.raw`,
    measurementSchema,
    topics.measurementsRaw,
    'measurementId',
  );
  batchRoute(
    '/status',
    'Heartbeats and status reports: 202 once the valid ones are on probe.status',
    probeStatusReportSchema,
    topics.probeStatus,
    'reportedAt',
  );
};
