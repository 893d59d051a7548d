import {
  DomainError,
  type Launch,
  launchReportSchema,
  launchResultSchema,
  launchSchema,
  type Measurement,
} from '@nq/contracts';
import { probeAccess } from '@nq/platform/http/access-rule';
import { errorResponse } from '@nq/platform/http/response-schemas';
import type { FleetTopics } from '@nq/platform/log/fleet-topics';
import type { LogPort } from '@nq/platform/log/log-port';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { LaunchStore } from './launch-store.ts';

export interface ProbeCommandRouteOptions {
  launches: LaunchStore;
  log: LogPort;
  topics: FleetTopics;
}

/** A retried report of what already ended the launch (the probe never saw the first answer). */
const sameEnding = (launch: Launch, state: string, measurementId: string | undefined) =>
  launch.state === state && launch.measurementId === measurementId;

/**
 * The gateway side of the launcher: a probe fetches its launch in progress and says how it ended. The measurement
 * it took joins its results on `measurements.raw` (keyed by probe id, as the results route does) before the launch
 * is completed with it, so a retried report neither loses nor duplicates it (the measurement id is its identity).
 */
export const probeCommandRoutes: FastifyPluginAsyncZod<ProbeCommandRouteOptions> = async (app, options) => {
  const { launches, log, topics } = options;
  const tags = ['Probe gateway'];

  app.get(
    '/commands',
    {
      config: { access: probeAccess },
      logLevel: 'warn',
      schema: {
        tags,
        summary: 'The launch in progress for this probe, if any',
        response: { 200: z.object({ list: z.array(launchSchema) }) },
      },
    },
    async (request) => {
      const pending = await launches.pending(request.probe.probeId);
      return { list: pending ? [pending] : [] };
    },
  );

  async function publish(probeId: string, measurement: Measurement) {
    const value = JSON.stringify({ ...measurement, receivedAt: new Date().toISOString() });
    await log.produce(topics.measurementsRaw, [{ key: probeId, value }]);
  }

  app.post(
    '/commands/:launchId',
    {
      config: { access: probeAccess },
      logLevel: 'warn',
      schema: {
        tags,
        summary: 'How a launch ended on the probe, with the measurement it took',
        params: z.object({ launchId: z.string().min(1).max(64) }),
        body: launchReportSchema,
        response: { 200: launchSchema, 400: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse },
      },
    },
    async (request) => {
      const { launchId } = request.params;
      const { probeId } = request.probe;
      const { state, measurement } = request.body;
      if (measurement && measurement.probeId !== probeId)
        throw new DomainError('measurements.ofAnotherProbe', {
          params: { measuredBy: measurement.probeId, probeId },
          details: { launchId },
        });
      const measurementId = measurement?.measurementId ?? request.body.measurementId;
      const launch = await launches.get(launchId);
      if (!launch || launch.probeId !== probeId) throw new DomainError('resource.notFound', { details: { launchId } });
      if (launch.state !== 'Pending') {
        if (sameEnding(launch, state, measurementId)) return launch;
        throw new DomainError('request.conflict', { details: { launchId, state: launch.state } });
      }
      if (measurement) await publish(probeId, measurement);
      const finished = await launches.finish(launchId, probeId, {
        state,
        measurementId,
        result: measurement && launchResultSchema.parse(measurement),
      });
      if (finished) return finished;
      // It ended meanwhile (a newer launch cancelled it, or its deadline passed).
      const now = await launches.get(launchId);
      throw new DomainError('request.conflict', { details: { launchId, state: now?.state } });
    },
  );
};
