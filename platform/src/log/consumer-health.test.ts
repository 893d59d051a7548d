import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import type { Dependency } from '../dependency.ts';
import { reportConsumers } from './consumer-health.ts';
import type { LogConsumer, LogPort, PartitionLag } from './log-port.ts';

const consumerOf = (groupId: string): LogConsumer => ({
  stop: async () => undefined,
  abort: async () => undefined,
  status: () => ({ groupId, consuming: true, since: new Date(), interruptions: 0 }),
});

const logAnswering = (lags: Record<string, PartitionLag[] | 'hangs' | 'fails'>): Pick<LogPort, 'groupLag'> => ({
  groupLag: async (groupId) => {
    const answer = lags[groupId] ?? [];
    if (answer === 'hangs') return new Promise<never>(() => undefined);
    if (answer === 'fails') throw new Error('broker unreachable');
    return answer;
  },
});

const lagLines = async (metrics: Registry) =>
  (await metrics.metrics()).split('\n').filter((line) => line.startsWith('nq_log_consumer_lag_records{'));

describe("a worker's consumer group lag on /metrics", () => {
  it('sums each topic over its partitions, per worker and group, and stops with the reporting', async () => {
    const metrics = new Registry();
    const dependencies: Dependency[] = [];
    const stop = reportConsumers(
      { 'ingest-worker': consumerOf('raw.ingest'), 'probe-status-worker': consumerOf('status.group') },
      {
        dependencies,
        metrics,
        adapter: 'test',
        log: logAnswering({
          'raw.ingest': [
            { topic: 'measurements.raw', partition: 0, records: 5 },
            { topic: 'measurements.raw', partition: 1, records: 7 },
          ],
          'status.group': [{ topic: 'probe.status', partition: 0, records: 0 }],
        }),
      },
    );
    expect(await lagLines(metrics)).toEqual([
      'nq_log_consumer_lag_records{worker="ingest-worker",group="raw.ingest",topic="measurements.raw"} 12',
      'nq_log_consumer_lag_records{worker="probe-status-worker",group="status.group",topic="probe.status"} 0',
    ]);
    stop();
    expect(await lagLines(metrics)).toEqual([]);
  });

  it('leaves out a group whose lag the log cannot tell in time, without holding the scrape', async () => {
    const metrics = new Registry();
    reportConsumers(
      { 'ingest-worker': consumerOf('hanging'), 'alerting-worker': consumerOf('failing') },
      { dependencies: [], metrics, adapter: 'test', log: logAnswering({ hanging: 'hangs', failing: 'fails' }) },
    );
    const started = Date.now();
    expect(await lagLines(metrics)).toEqual([]);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
