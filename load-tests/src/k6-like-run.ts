import { setTimeout as sleep } from 'node:timers/promises';
import type { Answer, Env, Exchange, Runtime, Scenario } from '../k6/scenarios/scenario.ts';
import { wireRequestOf } from '../k6/scenarios/signed-request.ts';
import type { RequestSample } from './k6-thresholds.ts';

const jsonOf = (text: string) => {
  try {
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
};

/**
 * Plays an exchange over HTTP as the k6 scripts do (k6-runtime.ts `play`): each request signed, timed from sending to
 * the last byte of its answer (k6's http_req_duration), failed when its status is not one the scenario expects.
 */
export async function play<Result>(
  exchange: Exchange<Result>,
  context: { baseUrl: string; runtime: Runtime; phase: 'setup' | 'load'; record: (sample: RequestSample) => void },
): Promise<Result> {
  const answers: Answer[] = [];
  for (;;) {
    const step = exchange(answers);
    if ('done' in step) return step.done;
    const wire = wireRequestOf(step, context.runtime);
    const started = performance.now();
    let answer: Answer;
    try {
      const response = await fetch(`${context.baseUrl}${wire.url}`, {
        method: wire.method,
        headers: wire.headers,
        ...(wire.body === '' ? {} : { body: wire.body }),
      });
      answer = { status: response.status, body: jsonOf(await response.text()) };
    } catch {
      answer = { status: 0, body: undefined }; // k6 records a request that got no answer with status 0
    }
    context.record({
      tags: { name: step.name, phase: context.phase },
      durationMs: performance.now() - started,
      failed: !step.expected.includes(answer.status),
    });
    answers.push(answer);
  }
}

export interface RunFigures {
  /** The load's requests (the setup's are left out, as the thresholds leave them out). */
  samples: RequestSample[];
  seconds: number;
  iterations: number;
  /** Iterations due while `maxVUs` were in flight, not started (k6's dropped_iterations). */
  dropped: number;
  /** Iterations that threw (an answer the scenario could not read). */
  interrupted: number;
}

/**
 * Runs a scenario as k6's constant-arrival-rate executor does: its setup once, then an iteration started every
 * 1/rate s for the duration however long the others take, at most maxVUs in flight; then waits for those in flight.
 */
export async function runScenario<Context>(
  scenario: Scenario<Context>,
  options: { baseUrl: string; env: Env; runtime: Runtime },
): Promise<RunFigures> {
  const { baseUrl, env, runtime } = options;
  const profile = scenario.profile(env);
  const context = await play(scenario.setup(env, runtime), { baseUrl, runtime, phase: 'setup', record: () => {} });
  const figures: RunFigures = { samples: [], seconds: 0, iterations: 0, dropped: 0, interrupted: 0 };
  const record = (sample: RequestSample) => void figures.samples.push(sample);
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  const total = Math.round(profile.rate * profile.durationSeconds);
  for (let index = 0; index < total; index++) {
    const due = started + (index * 1_000) / profile.rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    if (inFlight.size >= profile.maxVUs) {
      figures.dropped++;
      continue;
    }
    figures.iterations++;
    const iteration = play(scenario.iteration(context, runtime), { baseUrl, runtime, phase: 'load', record })
      .catch(() => void figures.interrupted++)
      .finally(() => inFlight.delete(iteration));
    inFlight.add(iteration);
  }
  await Promise.all(inFlight);
  figures.seconds = (performance.now() - started) / 1_000;
  return figures;
}
