import { setTimeout as delay } from 'node:timers/promises';
import type { ComponentReport } from './component-health.ts';

/** How long /ready waits for one component's report (a lag asked of a log that does not answer). */
const reportTimeoutMs = 2_000;

/** How a component says how it is, each time /ready asks. */
export type ComponentProbe = () => Omit<ComponentReport, 'name'> | Promise<Omit<ComponentReport, 'name'>>;
/** Why the component's loop has ended for good, without I/O (liveness must answer at once); undefined while it runs. */
export type FailureCheck = () => string | undefined;

/**
 * The components of this process, by name: each declared `starting` before it begins (so that /ready answers
 * 'starting' while a consumer joins its group), then given the probe that reports it while it runs.
 */
export function processHealth() {
  const probes = new Map<string, ComponentProbe>();
  const failureChecks = new Map<string, FailureCheck>();

  async function report(name: string, probe: ComponentProbe): Promise<ComponentReport> {
    try {
      const answer = await Promise.race([
        Promise.resolve().then(probe),
        delay(reportTimeoutMs, undefined, { ref: false }).then(() => {
          throw new Error(`no answer within ${reportTimeoutMs} ms`);
        }),
      ]);
      return { name, ...answer };
    } catch (error) {
      return { name, state: 'unavailable', reason: error instanceof Error ? error.message : String(error) };
    }
  }

  return {
    /** A component on its way; `reason` says what it waits for. */
    starting(name: string, reason: string) {
      probes.set(name, () => ({ state: 'starting', reason }));
    },
    /** The component reports through `probe` from now on (and `failure` for liveness); answers its forgetting. */
    watch(name: string, probe: ComponentProbe, failure?: FailureCheck) {
      probes.set(name, probe);
      if (failure) failureChecks.set(name, failure);
      else failureChecks.delete(name);
      return () => {
        if (probes.get(name) !== probe) return;
        probes.delete(name);
        failureChecks.delete(name);
      };
    },
    forget(name: string) {
      probes.delete(name);
      failureChecks.delete(name);
    },
    /** Every component's report now, in the order they were declared (readiness). */
    reports: () => Promise.all([...probes].map(([name, probe]) => report(name, probe))),
    /** The components whose loop has ended for good (liveness), at once. */
    failures: (): ComponentReport[] =>
      [...failureChecks].flatMap(([name, check]) => {
        const reason = check();
        return reason ? [{ name, state: 'failed' as const, reason }] : [];
      }),
  };
}

export type ProcessHealth = ReturnType<typeof processHealth>;
