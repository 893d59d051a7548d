import { errorBody, pickLanguage } from '@nq/contracts';
import type { Dependency } from '@nq/platform/dependency';
import { publicAccess } from '@nq/platform/http/access-rule';
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

  app.get(
    '/ready',
    {
      config: { access: publicAccess },
      schema: {
        tags: ['operations'],
        summary: 'Readiness: every configured dependency answers (503 names the ones that do not)',
        response: {
          200: z.object({ status: z.literal('ready'), dependencies: z.array(dependencyStatus) }),
          503: z.object({
            code: z.literal('dependency.unavailable'),
            message: z.string(),
            details: z.object({ dependencies: z.array(dependencyStatus) }),
          }),
        },
      },
    },
    async (request, reply) => {
      const dependencies = await Promise.all(options.dependencies.map(check));
      const down = dependencies.filter((dependency) => dependency.status === 'down');
      if (down.length === 0) return { status: 'ready' as const, dependencies };
      const body = errorBody('dependency.unavailable', pickLanguage(request.headers['accept-language']), {
        params: { dependency: down.map((dependency) => dependency.name).join(', ') },
        details: { dependencies },
      });
      return reply.status(503).send({ ...body, code: 'dependency.unavailable' as const, details: { dependencies } });
    },
  );
};
