import { errorBody, pickLanguage } from '@nq/contracts';
import type { Dependency } from '@nq/platform/dependency';
import { dependencyRetryAfterSeconds } from '@nq/platform/dependency-unavailable';
import { publicAccess } from '@nq/platform/http/access-rule';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const CHECK_TIMEOUT_MS = 2_000;

const dependencyStatus = z.object({
  name: z.string(),
  adapter: z.string(),
  status: z.enum(['up', 'down']),
  latencyMs: z.number(),
  error: z.string().optional(),
});
type DependencyStatus = z.infer<typeof dependencyStatus>;

async function check(dependency: Dependency): Promise<DependencyStatus> {
  const started = performance.now();
  const { name, adapter } = dependency;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      dependency.check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
    return { name, adapter, status: 'up', latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return {
      name,
      adapter,
      status: 'down',
      latencyMs: Math.round(performance.now() - started),
      error: (error as Error).message,
    };
  } finally {
    clearTimeout(timer);
  }
}

/** What the API serves: probes (the gateway) and people (the console and the analysts' API). */
const roles = ['gateway', 'console'] as const;
type Role = (typeof roles)[number];

/**
 * The servers each role cannot serve without: probes are authenticated from the event store, their nonces and budgets
 * kept in the ephemeral store, their results put on the log; people's analyses read the read store and their files
 * are made by jobs. A dependency no role names (mail, delivered later from its outbox) makes none unavailable.
 */
const needs: Record<Role, ReadonlySet<string>> = {
  gateway: new Set(['event-store', 'ephemeral-store', 'log']),
  console: new Set(['event-store', 'ephemeral-store', 'read-store', 'jobs']),
};
const servers = new Set(['event-store', 'log', 'read-store', 'ephemeral-store', 'jobs', 'mail']);
/** What the process cannot serve anything without: what every role needs, and its own workers. */
const essential = (name: string) => !servers.has(name) || roles.every((role) => needs[role].has(name));

const rolesOf = (dependencies: DependencyStatus[]) =>
  Object.fromEntries(
    roles.map((role) => [
      role,
      dependencies.some((dependency) => dependency.status === 'down' && needs[role].has(dependency.name))
        ? ('unavailable' as const)
        : ('ready' as const),
    ]),
  ) as Record<Role, 'ready' | 'unavailable'>;

const roleStatus = z.object({ gateway: z.enum(['ready', 'unavailable']), console: z.enum(['ready', 'unavailable']) });
const unavailable = z.object({
  code: z.literal('dependency.unavailable'),
  message: z.string(),
  details: z.object({ dependencies: z.array(dependencyStatus), roles: roleStatus }),
});

export const healthRoutes: FastifyPluginAsyncZod<{ dependencies: Dependency[]; profile: string }> = async (
  app,
  options,
) => {
  app.get(
    '/health',
    {
      config: { access: publicAccess },
      schema: {
        tags: ['operations'],
        summary: 'Liveness: the process is up and serving',
        response: { 200: z.object({ status: z.literal('ok'), profile: z.string(), uptimeSeconds: z.number() }) },
      },
    },
    async () => ({ status: 'ok' as const, profile: options.profile, uptimeSeconds: Math.round(process.uptime()) }),
  );

  /** Every dependency checked; 503 naming those down among the ones `counted`, with Retry-After. */
  const answer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    counted: (dependency: DependencyStatus) => boolean,
  ) => {
    const dependencies = await Promise.all(options.dependencies.map(check));
    const down = dependencies.filter((dependency) => dependency.status === 'down' && counted(dependency));
    const status = rolesOf(dependencies);
    if (down.length === 0) return { status: 'ready' as const, dependencies, roles: status };
    const details = { dependencies, roles: status };
    const body = errorBody('dependency.unavailable', pickLanguage(request.headers['accept-language']), {
      params: { dependency: down.map((dependency) => dependency.name).join(', ') },
      details,
    });
    return reply
      .status(503)
      .header('retry-after', String(dependencyRetryAfterSeconds))
      .send({ ...body, code: 'dependency.unavailable' as const, details });
  };

  app.get(
    '/ready',
    {
      config: { access: publicAccess },
      schema: {
        tags: ['operations'],
        summary:
          'Readiness of the process: what every role needs (event store, ephemeral store) and its own workers answer. ' +
          'A server only some routes need (log, read store, jobs) leaves the process in service, its role said ' +
          'unavailable, those routes answering 503 with Retry-After: a blip of one does not take every pod out',
        response: {
          200: z.object({ status: z.literal('ready'), dependencies: z.array(dependencyStatus), roles: roleStatus }),
          503: unavailable,
        },
      },
    },
    (request, reply) => answer(request, reply, (dependency) => essential(dependency.name)),
  );

  app.get(
    '/ready/:role',
    {
      config: { access: publicAccess },
      schema: {
        tags: ['operations'],
        summary:
          "Readiness of one role: the gateway's (event store, ephemeral store, log) or the console's (event store, " +
          'ephemeral store, read store, jobs), and the workers of the process',
        params: z.object({ role: z.enum(roles) }),
        response: {
          200: z.object({ status: z.literal('ready'), dependencies: z.array(dependencyStatus), roles: roleStatus }),
          503: unavailable,
        },
      },
    },
    (request, reply) =>
      answer(
        request,
        reply,
        (dependency) => !servers.has(dependency.name) || needs[request.params.role].has(dependency.name),
      ),
  );
};
