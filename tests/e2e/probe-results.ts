import { randomUUID } from 'node:crypto';
import type { ProbeInput } from '@nq/contracts/fleet/probe';
import { signRequest } from '@nq/contracts/identity/request-signing';
import type { Measurement } from '@nq/contracts/measurements/measurement';
import { expect, type Page } from '@playwright/test';
import type { signedApi } from './support.ts';

type Api = Awaited<ReturnType<typeof signedApi>>;
type Credentials = { clientId: string; clientSecret: string };

/** The gateway's largest batch (gateway.routes.ts). */
const batchSize = 1000;

/** A probe id no other test run used (lowercase letters and digits). */
export const uniqueProbeId = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A download result of a probe at an instant, as a probe sends it. */
export const downloadResult = (
  probeId: string,
  measuredAt: string,
  download: number,
  more: Partial<Measurement> = {},
): Measurement => ({
  schemaVersion: 1,
  measurementId: randomUUID(),
  probeId,
  program: 'speedtest',
  testType: 'http-download',
  technology: 4,
  isp: 'Seeded ISP',
  measuredAt,
  taskMode: 'active',
  status: 'Finished',
  kpis: { download },
  ...more,
});

/**
 * Registers a probe through the API and gives it gateway credentials; the answer sends its results the way a probe
 * does (signed with its own credentials, in gateway batches), so they take the ingest path like any other.
 */
export async function registerProbe(page: Page, api: Api, probe: ProbeInput) {
  await api('POST', '/probes', probe);
  const credentials = await api<Credentials>('POST', `/probes/${probe.probeId}/credentials`);
  return async function send(results: Measurement[]) {
    for (let start = 0; start < results.length; start += batchSize) {
      const text = JSON.stringify({ items: results.slice(start, start + batchSize) });
      const url = '/gateway/v1/results';
      const authorization = await signRequest(credentials, { method: 'POST', url, body: text });
      const response = await page.request.post(url, {
        headers: { authorization, 'content-type': 'application/json' },
        data: text,
      });
      expect(response.status(), await response.text()).toBe(202);
    }
  };
}

/** Waits until the search sees this many measurements of the probe (ingest is asynchronous). */
export async function waitForIngest(api: Api, probeId: string, count: number) {
  await expect
    .poll(
      async () =>
        (await api<{ count: number }>('POST', '/api/measurements/by/profile', { probes: [probeId], pageSize: 1 }))
          .count,
      { timeout: 120_000, intervals: [1_000, 2_000, 5_000] },
    )
    .toBe(count);
}
