import type { TaskOf } from '@nq/contracts';
import { eachDestination } from '../each-destination.ts';
import { failureOf } from '../failure-of-error.ts';
import { errorResult, failure, finishedResult } from '../results.ts';
import { rounded } from '../round-trip-kpis.ts';
import type { RunContext, TaskResult } from '../task-result.ts';
import { loadPage } from './page-load.ts';

const maxRedirects = 5;

const roundedTimings = (timings: Record<string, number>) =>
  Object.fromEntries(Object.entries(timings).map(([phase, ms]) => [phase, rounded(ms)]));

/**
 * Web browsing without a browser: each URL's document loaded over HTTP(S), its phases timed from the socket (dns,
 * connect, tls, first byte, total); the load time is the total, redirects included. A page that takes longer than
 * `pageLoadTimeout` is a timeout; an answer of 400 or more a server error.
 */
export function webBrowsingRunner(options: { ca?: string | Buffer } = {}) {
  return (task: TaskOf<'web-browsing'>, context: RunContext): Promise<TaskResult[]> =>
    eachDestination(
      'web-browsing',
      task.urls,
      (url) => url,
      context.signal,
      async (url) => {
        const timeout = AbortSignal.timeout(task.pageLoadTimeout);
        const signal = AbortSignal.any([context.signal, timeout]);
        const load = await loadPage(url, { signal, maxRedirects, ...options }).catch(
          (error: unknown) => error as Error,
        );
        if (load instanceof Error) {
          const why = timeout.aborted
            ? failure('timeout', `the page did not load within ${task.pageLoadTimeout} ms`)
            : failureOf(load);
          return errorResult('web-browsing', { name: url }, why);
        }
        const destination = { name: url, ...(load.address ? { ip: load.address } : {}) };
        const details = { timings: roundedTimings({ ...load.timings }), bytes: load.bytes, httpStatus: load.status };
        // An error page's load time is not the page's: the timings stay in the details, the KPI is left out.
        if (load.status >= 400)
          return errorResult('web-browsing', destination, failure('serverError', `HTTP ${load.status}`), {}, details);
        return finishedResult('web-browsing', destination, { loadTime: rounded(load.timings.total) }, details);
      },
    );
}
