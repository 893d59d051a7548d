import type { ProbeStatusDetail } from '@nq/contracts';
import { waitFor } from '@nq/platform/testing/wait-for';
import { probeStatusCollection } from '@nq/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedClient, signedClient } from '../../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';

/** A probe's own status answers what its agent said of itself in its newest report, and when the gateway heard it. */
describe('probe status of one probe: its agent', { timeout: 90_000 }, () => {
  let api: TestApi;
  let probe: SignedClient;
  const probeId = `ag${Date.now().toString(36)}`;

  beforeAll(async () => {
    api = await openTestApi();
    const created = await api.app.inject({
      method: 'POST',
      url: '/probes',
      payload: { probeId, name: 'Agent probe', family: 'Agent', type: 'mobile', latitude: 40.42, longitude: -3.7 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const issued = await api.app.inject({ method: 'POST', url: `/probes/${probeId}/credentials` });
    expect(issued.statusCode, issued.body).toBe(201);
    probe = signedClient(api.raw, issued.json());
  }, 120_000);
  afterAll(() => api?.raw.close());

  const detail = async (): Promise<ProbeStatusDetail> => {
    const response = await api.app.inject(`/probes/${probeId}/status`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const sendStatus = async (reportedAt: number, agent: object) => {
    const response = await probe.inject({
      method: 'POST',
      url: '/gateway/v1/status',
      payload: { items: [{ probeId, reportedAt: new Date(reportedAt).toISOString(), state: 'Available', ...agent }] },
    });
    expect(response.json()).toEqual({ accepted: 1, rejected: [] });
  };

  it('answers a probe never heard from with nothing reported', async () => {
    expect(await detail()).toMatchObject({
      probeId,
      name: 'Agent probe',
      state: null,
      lastContactAt: null,
      softwareVersion: null,
      bufferedResults: null,
      droppedResults: null,
      clockOffsetMs: null,
    });
  });

  it('answers the last report’s version, buffered and dropped results and clock offset, and its receipt', async () => {
    const sentAt = Date.now();
    await sendStatus(sentAt - 2_500, {
      softwareVersion: '2.4.1',
      bufferedResults: 12,
      droppedResults: 3,
      clockOffsetMs: -2_500,
    });

    await waitFor('the report in the read model', async () => (await detail()).softwareVersion === '2.4.1');
    const answer = await detail();
    expect(answer).toMatchObject({
      state: 'Available',
      lastReportAt: new Date(sentAt - 2_500).toISOString(),
      bufferedResults: 12,
      droppedResults: 3,
      clockOffsetMs: -2_500,
    });
    // The last contact is the gateway's clock, not the probe's.
    expect(Date.parse(String(answer.lastContactAt))).toBeGreaterThanOrEqual(sentAt);
    // The fleet-wide list stays light: the agent is answered one probe at a time.
    const list = (await api.app.inject('/probes/status')).json().list as Record<string, unknown>[];
    expect(Object.keys(list.find((row) => row.probeId === probeId) ?? {})).not.toContain('softwareVersion');
  });

  it('keeps the newest report when an older one arrives late', async () => {
    const newest = await detail();
    await sendStatus(Date.parse(String(newest.lastReportAt)) - 60_000, {
      softwareVersion: '2.3.0',
      bufferedResults: 900,
      droppedResults: 0,
      clockOffsetMs: 10,
    });
    // Keyed by the probe, a marker lands after the late report on its partition: once it is written, so was that.
    const marker = `${probeId}-marker`;
    await api.platform.log.produce(api.platform.topics.probeStatus, [
      {
        key: probeId,
        value: JSON.stringify({ probeId: marker, reportedAt: new Date().toISOString(), state: 'Ready' }),
      },
    ]);
    await waitFor(
      'the marker',
      async () => (await api.platform.readStore.get(probeStatusCollection, marker)) !== undefined,
    );

    expect(await detail()).toEqual(newest);
  });

  it('answers 404 for a probe that does not exist', async () => {
    const response = await api.app.inject('/probes/no-such-probe/status');
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('probes.notFound');
  });
});
