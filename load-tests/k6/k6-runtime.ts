// How k6 plays the shared scenarios: its clock and k6/crypto for signing, its blocking http client, its options.
import crypto from 'k6/crypto';
import http from 'k6/http';
import type { Options } from 'k6/options';
import type { Answer, Exchange, Runtime, Scenario } from './scenarios/scenario.ts';
import { wireRequestOf } from './scenarios/signed-request.ts';

const baseUrl = (__ENV.BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');

/** A random (version 4) UUID from k6's random bytes. */
const uuid = () => {
  const bytes = new Uint8Array(crypto.randomBytes(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

export const k6Runtime: Runtime = {
  now: () => Date.now(),
  random: () => Math.random(),
  uuid,
  sha256Hex: (text) => crypto.sha256(text, 'hex'),
  hmacSha256Base64url: (secret, text) => crypto.hmac('sha256', secret, text, 'base64rawurl'),
};

const jsonOf = (body: unknown) => {
  if (typeof body !== 'string' || body === '') return undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * Plays an exchange against BASE_URL. Each request is tagged with its name and phase: the thresholds count the load's
 * (`phase:load`), not the setup's.
 */
export function play<Result>(exchange: Exchange<Result>, phase: 'setup' | 'load'): Result {
  const answers: Answer[] = [];
  for (;;) {
    const step = exchange(answers);
    if ('done' in step) return step.done;
    const wire = wireRequestOf(step, k6Runtime);
    const response = http.request(wire.method, `${baseUrl}${wire.url}`, wire.body === '' ? null : wire.body, {
      headers: wire.headers,
      tags: { name: step.name, phase },
      responseCallback: http.expectedStatuses(...step.expected),
    });
    answers.push({ status: response.status, body: jsonOf(response.body) });
  }
}

/** The scenario's open model as k6's constant-arrival-rate executor, its thresholds and the Node runner's columns. */
export function k6Options<Context>(scenario: Scenario<Context>): Options {
  const profile = scenario.profile(__ENV);
  return {
    scenarios: {
      [scenario.name]: {
        executor: 'constant-arrival-rate',
        rate: profile.rate,
        timeUnit: '1s',
        duration: `${profile.durationSeconds}s`,
        preAllocatedVUs: Math.min(profile.maxVUs, Math.ceil(profile.rate)),
        maxVUs: profile.maxVUs,
      },
    },
    thresholds: scenario.thresholds,
    summaryTrendStats: ['avg', 'min', 'med', 'p(90)', 'p(95)', 'p(99)', 'max'],
    setupTimeout: '120s',
  };
}
