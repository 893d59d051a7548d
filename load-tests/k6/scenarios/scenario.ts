// The load scenarios as plain data and functions, shared by the k6 scripts (load-tests/k6/*.k6.ts) and the Node runner
// (load-tests/src/k6-scenarios.bench.ts). Nothing here imports a runtime: k6 and Node each bring theirs (`Runtime`),
// and packages are imported for types only (erased when k6 or Node strips the types), so k6 loads these files as they
// are.
import type { StoredSession } from '@nq/contracts';

/** What each runtime gives the scenarios: its clock, randomness, ids and the two hashes a signature needs. */
export interface Runtime {
  now(): number;
  random(): number;
  uuid(): string;
  sha256Hex(text: string): string;
  hmacSha256Base64url(secret: string, text: string): string;
}

export type Credentials = Pick<StoredSession['data'], 'clientId' | 'clientSecret'>;

export interface ScenarioRequest {
  /** The request's name in the figures (k6's `name` tag): what it asks, without its ids. */
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path with its query string. */
  url: string;
  body?: unknown;
  /** The statuses that are a success; any other counts in `http_req_failed`. */
  expected: readonly number[];
  /** Whose credentials sign it (none: the login). */
  signedBy?: Credentials;
}

export interface Answer {
  status: number;
  /** The JSON answered, or undefined. */
  body: unknown;
}

/**
 * A conversation with the platform: given the answers so far, the next request, or what it found once done. Each
 * runtime plays it its own way (k6's requests block, Node's are promises); the scenario decides the same either way.
 */
export type Exchange<Result> = (answers: readonly Answer[]) => ScenarioRequest | { done: Result };

/** An exchange that asks nothing: it is done with `value`. */
export const finished =
  <Result>(value: Result): Exchange<Result> =>
  () => ({ done: value });

/** k6's thresholds: a metric (with a tag filter) and its conditions, as `k6 run` reads them. */
export type Thresholds = Record<string, string[]>;

/** An open model, as k6's constant-arrival-rate executor runs it: `rate` iterations a second, whatever they take. */
export interface LoadProfile {
  rate: number;
  durationSeconds: number;
  /** Iterations in flight at most (k6's VUs); an iteration due while all are busy is dropped. */
  maxVUs: number;
}

export type Env = Readonly<Record<string, string | undefined>>;

export interface Scenario<Context> {
  /** Also the k6 scenario's name. */
  name: string;
  description: string;
  thresholds: Thresholds;
  profile(env: Env): LoadProfile;
  /** Run once before the load (k6's `setup`): logins, ids, registrations. Its requests are not in the figures. */
  setup(env: Env, runtime: Runtime): Exchange<Context>;
  /** One iteration of the load. */
  iteration(context: Context, runtime: Runtime): Exchange<void>;
}

/** What a scenario's setup hands each iteration. */
export type ContextOf<Played> = Played extends Scenario<infer Context> ? Context : never;

/** Only the load's requests count for the thresholds (k6 tags them `phase:load`, the setup's `phase:setup`). */
export const loadPhase = 'phase:load';

/** The thresholds of every scenario: 95 % of requests within 200 ms, less than 1 % failed. */
export const defaultThresholds: Thresholds = {
  [`http_req_duration{${loadPhase}}`]: ['p(95)<200'],
  [`http_req_failed{${loadPhase}}`]: ['rate<0.01'],
};

const positive = (text: string | undefined, fallback: number) => {
  const value = Number(text);
  return text !== undefined && text !== '' && Number.isFinite(value) && value > 0 ? value : fallback;
};

/** RATE (iterations/s), DURATION (seconds, or k6's `30s`, `2m`), VUS (iterations in flight at most). */
export function profileFrom(env: Env, defaults: LoadProfile): LoadProfile {
  const duration = /^(\d+(?:\.\d+)?)(s|m)?$/.exec(env.DURATION ?? '');
  return {
    rate: positive(env.RATE, defaults.rate),
    durationSeconds: duration ? Number(duration[1]) * (duration[2] === 'm' ? 60 : 1) : defaults.durationSeconds,
    maxVUs: positive(env.VUS, defaults.maxVUs),
  };
}

/** Picks one entry by weight. */
export function pickWeighted<Entry extends { weight: number }>(entries: readonly Entry[], random: () => number) {
  const total = entries.reduce((sum, entry) => sum + entry.weight, 0);
  let left = random() * total;
  for (const entry of entries) {
    left -= entry.weight;
    if (left < 0) return entry;
  }
  return entries[entries.length - 1]!;
}

/** The JSON field of an answer, when it is an object holding one. */
export const fieldOf = (answer: Answer | undefined, field: string): unknown =>
  typeof answer?.body === 'object' && answer.body !== null
    ? (answer.body as Record<string, unknown>)[field]
    : undefined;
