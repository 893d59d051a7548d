import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { withAppendMetrics } from './append-metrics.ts';
import type { AppendRequest, AppendResult, EventStore } from './event-store-port.ts';

const request: AppendRequest = {
  streamId: 'tag-1',
  expectedVersion: 0,
  events: [{ type: 'TagCreated', schemaVersion: 1, data: {} }],
  metadata: { actor: { userId: 'u', profileId: 'p' }, commandId: 'c', correlationId: 'c', causationId: 'c' },
};

const answered = (replayed: boolean): AppendResult => ({ streamVersion: 1, position: '1:1', events: [], replayed });

/** A store whose appends answer in turn what `answers` says: appended, replayed, or refused with an error. */
function storeAnswering(answers: ('appended' | 'replayed' | 'refused')[]): EventStore {
  return {
    append: async () => {
      const answer = answers.shift();
      if (answer === 'refused') throw new Error('version conflict');
      return answered(answer === 'replayed');
    },
    appendMany: async () => [],
    readStream: async () => [],
    readStreams: async () => new Map(),
    readRecorded: async () => [],
    readAll: async () => [],
    head: async () => '0:0',
    holderOf: async () => undefined,
    onAppend: async () => async () => undefined,
  };
}

const countsOf = async (metrics: Registry) =>
  (await metrics.metrics())
    .split('\n')
    .filter((line) => line.startsWith('nq_event_store_append_duration_seconds_count'));

describe('event store append latency on /metrics', () => {
  it('times every append by outcome, passing results and errors through untouched', async () => {
    const metrics = new Registry();
    const store = withAppendMetrics(storeAnswering(['appended', 'appended', 'replayed', 'refused']), metrics);
    await store.append(request);
    await store.append(request);
    expect((await store.append(request)).replayed).toBe(true);
    await expect(store.append(request)).rejects.toThrow('version conflict');
    expect(await countsOf(metrics)).toEqual([
      'nq_event_store_append_duration_seconds_count{outcome="appended"} 2',
      'nq_event_store_append_duration_seconds_count{outcome="replayed"} 1',
      'nq_event_store_append_duration_seconds_count{outcome="refused"} 1',
    ]);
    expect(await store.head()).toBe('0:0');
  });

  it('shares one histogram between two stores of one registry', async () => {
    const metrics = new Registry();
    await withAppendMetrics(storeAnswering(['appended']), metrics).append(request);
    await withAppendMetrics(storeAnswering(['appended']), metrics).append(request);
    expect(await countsOf(metrics)).toEqual(['nq_event_store_append_duration_seconds_count{outcome="appended"} 2']);
  });
});
