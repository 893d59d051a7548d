import { Resolver } from 'node:dns/promises';
import type { TaskOf } from '@nq/contracts';
import { eachDestination } from '../each-destination.ts';
import { failureOf } from '../failure-of-error.ts';
import { errorResult, finishedResult, notApplyResult } from '../results.ts';
import { rounded } from '../round-trip-kpis.ts';
import type { RunContext, TaskResult } from '../task-result.ts';
import { addressOf } from '../tcp-connect.ts';
import { answerStrings } from './dns-answers.ts';
import { dnsErrorMeaning } from './dns-errors.ts';

// Each query waits this long for an answer, and is asked twice (c-ares' own retry) before it counts as a timeout.
const defaultQuery = { timeoutMs: 2_000, tries: 2 };

/** The task's servers as `setServers` takes them: addresses (a name is resolved first), a port when not 53. */
async function externalServers(servers: TaskOf<'dns'>['servers']): Promise<string[]> {
  return Promise.all(
    servers.map(async ({ host, port }) => {
      const { address, family } = await addressOf(host);
      if (!port || port === 53) return address;
      return family === 6 ? `[${address}]:${port}` : `${address}:${port}`;
    }),
  );
}

/**
 * DNS resolution of each domain for the task's record type (ANY: every type the server gives), by the probe's own
 * resolvers (the system's) or the task's servers; the resolution time is how long the answer took, NXDOMAIN and other
 * error codes included, which are `Error`s naming the code.
 */
export function dnsRunner(query = defaultQuery) {
  return (task: TaskOf<'dns'>, context: RunContext) => runDns(task, context, query);
}

async function runDns(task: TaskOf<'dns'>, context: RunContext, query: typeof defaultQuery): Promise<TaskResult[]> {
  const resolver = new Resolver({ timeout: query.timeoutMs, tries: query.tries });
  if (task.resolver === 'external') {
    if (task.servers.length === 0)
      return [notApplyResult('dns', 'an external resolver needs the task to name a server')];
    const servers = await externalServers(task.servers).catch((error: unknown) => error as Error);
    if (servers instanceof Error)
      return task.domains.map((domain) => errorResult('dns', { name: domain }, failureOf(servers)));
    resolver.setServers(servers);
  }
  const cancel = () => resolver.cancel();
  context.signal.addEventListener('abort', cancel, { once: true });
  try {
    return await eachDestination(
      'dns',
      task.domains,
      (domain) => domain,
      context.signal,
      async (domain) => {
        const destination = { name: domain };
        const started = performance.now();
        try {
          const answer: unknown = await resolver.resolve(domain, task.recordType as 'A');
          const resolution = rounded(performance.now() - started);
          const answers = answerStrings(task.recordType, answer);
          return finishedResult('dns', destination, { resolution }, { rcode: 'NOERROR', answers });
        } catch (error) {
          const resolution = rounded(performance.now() - started);
          const meaning = dnsErrorMeaning(error);
          const details = { ...(meaning.rcode ? { rcode: meaning.rcode } : {}), answers: [] };
          if (!meaning.failure) return finishedResult('dns', destination, { resolution }, details);
          const kpis: Record<string, number> = meaning.rcode ? { resolution } : {};
          return errorResult('dns', destination, meaning.failure, kpis, details);
        }
      },
    );
  } finally {
    context.signal.removeEventListener('abort', cancel);
  }
}
