import {
  clusterLaunchAnswerSchema,
  clusterLaunchRequestSchema,
  DomainError,
  type Launch,
  launchGroupPageSchema,
  launchSchema,
  launchStates,
  maxProbesPerLaunch,
} from '@nq/contracts';
import type { Visibility } from '@nq/platform/access/visibility';
import type { EntityService } from '@nq/platform/entities/entity-service';
import { layerAccess } from '@nq/platform/http/access-rule';
import { errorResponse } from '@nq/platform/http/response-schemas';
import type { FleetTopics } from '@nq/platform/log/fleet-topics';
import type { LogPort } from '@nq/platform/log/log-port';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { membersAsOf } from '../clusters/index.ts';
import type { LaunchStore } from './launch-store.ts';

export interface LauncherRouteOptions {
  launches: LaunchStore;
  probes: EntityService;
  probeVisibility: Visibility;
  clusters: EntityService;
  clusterVisibility: Visibility;
  log: LogPort;
  topics: FleetTopics;
}

/** What a probe is told on `probe.commands` (keyed by probe id, so a probe's commands keep their order). */
export const commandMessage = (type: 'launch' | 'cancel', launch: Launch) => ({
  key: launch.probeId,
  value: JSON.stringify({
    type,
    launchId: launch.id,
    probeId: launch.probeId,
    task: launch.task,
    at: new Date().toISOString(),
  }),
});

const tags = ['Measurement launcher'];
const access = { access: layerAccess(['measurementLauncher']) };

/**
 * The measurement launcher (docs/product/states.md#measurement-launches): launching a task on a probe puts a command on
 * `probe.commands`; while one is in progress a new launch needs `confirm: true`, and then cancels it. The probe
 * reports how each launch ended, with what it measured; a launch it has not answered by its deadline is timed out.
 */
export const launcherRoutes: FastifyPluginAsyncZod<LauncherRouteOptions> = async (app, options) => {
  const { launches, probes, probeVisibility, clusters, clusterVisibility, log, topics } = options;

  async function visibleProbe(request: Parameters<Visibility['sees']>[0], probeId: string) {
    const { state } = await probes.load(probeId);
    if (
      state.status !== 'active' ||
      !probeVisibility.sees(request, { ...state.fields, id: state.id, owner: state.owner })
    )
      throw new DomainError('probes.notFound', { details: { probeId } });
  }

  app.post(
    '/',
    {
      config: access,
      schema: {
        tags,
        summary: 'Launch a task on a probe; with one in progress, confirm to cancel it (409 measurements.inProgress)',
        body: z.object({
          probeId: z.string().min(1, 'validation.required'),
          task: z.record(z.string(), z.unknown()).describe('The task to run, as in a task suite (type and arguments)'),
          confirm: z.boolean().default(false).describe('Cancel the launch in progress, if any'),
        }),
        response: {
          201: z.object({ launch: launchSchema, cancelled: launchSchema.optional() }),
          404: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const { probeId, task, confirm } = request.body;
      await visibleProbe(request.viewer, probeId);
      const outcome = await launches.launch({ probeId, task, requestedBy: request.viewer.userId, replace: confirm });
      if ('busy' in outcome && outcome.busy)
        throw new DomainError('measurements.inProgress', { details: { inProgress: outcome.busy.id, probeId } });
      const commands = [
        ...(outcome.cancelled ? [commandMessage('cancel', outcome.cancelled)] : []),
        commandMessage('launch', outcome.launched),
      ];
      await log.produce(topics.probeCommands, commands);
      return reply
        .status(201)
        .send({ launch: outcome.launched, ...(outcome.cancelled ? { cancelled: outcome.cancelled } : {}) });
    },
  );

  /** The cluster, when the viewer sees it; else not found, as if it did not exist. */
  async function visibleCluster(viewer: Parameters<Visibility['sees']>[0], clusterId: string) {
    const { state } = await clusters.load(clusterId);
    if (
      state.status !== 'active' ||
      !clusterVisibility.sees(viewer, { ...state.fields, id: state.id, owner: state.owner })
    )
      throw new DomainError('resource.notFound', { details: { id: clusterId } });
    return state;
  }

  app.post(
    '/clusters',
    {
      config: access,
      schema: {
        tags,
        summary:
          'Launch a task on every active probe of a cluster you see; with launches in progress on them, confirm to cancel them (409 measurements.inProgressOnProbes)',
        body: clusterLaunchRequestSchema,
        response: { 201: clusterLaunchAnswerSchema, 404: errorResponse, 409: errorResponse, 422: errorResponse },
      },
    },
    async (request, reply) => {
      const { clusterId, task, confirm } = request.body;
      const cluster = await visibleCluster(request.viewer, clusterId);
      const clusterName = String(cluster.fields.name ?? clusterId);
      const members = membersAsOf(
        (cluster.fields.probes as Parameters<typeof membersAsOf>[0] | undefined) ?? [],
        new Date(),
      );
      if (members.length > maxProbesPerLaunch)
        throw new DomainError('measurements.tooManyProbesToLaunch', {
          params: { clusterName, count: members.length, max: maxProbesPerLaunch },
          details: { clusterId },
        });
      const loaded = await probes.loadMany(members);
      const probeIds = members.filter((probeId) => {
        const { state } = loaded.get(probeId)!;
        return (
          state.status === 'active' &&
          probeVisibility.sees(request.viewer, { ...state.fields, id: state.id, owner: state.owner })
        );
      });
      if (probeIds.length === 0)
        throw new DomainError('measurements.noProbesToLaunch', { params: { clusterName }, details: { clusterId } });
      const outcome = await launches.launchOnEach({
        clusterId,
        probeIds,
        task,
        requestedBy: request.viewer.userId,
        replace: confirm,
      });
      if (outcome.busy)
        throw new DomainError('measurements.inProgressOnProbes', {
          params: { count: outcome.busy.length, probes: probeIds.length, clusterName },
          details: { clusterId, inProgress: outcome.busy.map((launch) => launch.probeId) },
        });
      await log.produce(topics.probeCommands, [
        ...outcome.cancelled.map((launch) => commandMessage('cancel', launch)),
        ...outcome.launched.map((launch) => commandMessage('launch', launch)),
      ]);
      const { list: _, total: __, ...group } = (await launches.group(outcome.groupId, { offset: 0, limit: 0 }))!;
      return reply.status(201).send({ group, cancelled: outcome.cancelled.length });
    },
  );

  app.get(
    '/groups/:id',
    {
      config: access,
      schema: {
        tags,
        summary: "A launch on a cluster's probes: how many launches are in each state, and a page of them by probe id",
        params: z.object({ id: z.string().min(1).max(64) }),
        querystring: z.object({
          state: z.enum(launchStates, { error: 'validation.invalidOption' }).optional(),
          offset: z.coerce.number().int().min(0).default(0),
          limit: z.coerce.number().int().min(1).max(500).default(50),
        }),
        response: { 200: launchGroupPageSchema, 404: errorResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      const group = await launches.group(id, request.query);
      if (!group) throw new DomainError('resource.notFound', { details: { id } });
      await visibleCluster(request.viewer, group.clusterId).catch(() => {
        throw new DomainError('resource.notFound', { details: { id } });
      });
      return group;
    },
  );

  app.get(
    '/:id',
    {
      config: access,
      schema: {
        tags,
        summary: 'A launch, its state (Pending, Finished, Cancelled, Error, TimedOut) and its result',
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: launchSchema, 404: errorResponse },
      },
    },
    async (request) => {
      const launch = await launches.get(request.params.id);
      if (!launch) throw new DomainError('resource.notFound', { details: { id: request.params.id } });
      await visibleProbe(request.viewer, launch.probeId).catch(() => {
        throw new DomainError('resource.notFound', { details: { id: request.params.id } });
      });
      return launch;
    },
  );

  app.get(
    '/',
    {
      config: access,
      schema: {
        tags,
        summary: "A probe's launches, newest first",
        querystring: z.object({ probeId: z.string().min(1) }),
        response: { 200: z.object({ list: z.array(launchSchema) }), 404: errorResponse },
      },
    },
    async (request) => {
      await visibleProbe(request.viewer, request.query.probeId);
      return { list: await launches.ofProbe(request.query.probeId) };
    },
  );
};
