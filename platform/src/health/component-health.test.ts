import { describe, expect, it } from 'vitest';
import { type ComponentReport, livenessOf, readinessOf } from './component-health.ts';
import { processHealth } from './process-health.ts';

const component = (state: ComponentReport['state'], name: string = state): ComponentReport => ({ name, state });

describe('readiness of a worker process', () => {
  it('is ready only when every component is', () => {
    expect(readinessOf([component('ready', 'ingest-worker'), component('ready', 'probe-status-worker')])).toBe('ready');
    expect(readinessOf([component('ready'), component('starting')])).toBe('starting');
  });

  it('is starting while it has declared nothing yet', () => {
    expect(readinessOf([])).toBe('starting');
  });

  it('names the worst state: unavailable (or failed) over starting over standby', () => {
    expect(readinessOf([component('starting'), component('unavailable')])).toBe('unavailable');
    expect(readinessOf([component('ready'), component('failed')])).toBe('unavailable');
    expect(readinessOf([component('standby'), component('starting')])).toBe('starting');
    expect(readinessOf([component('standby')])).toBe('standby');
  });

  it('is alive unless a component has failed for good: a component that cannot work now is only unready', () => {
    expect(livenessOf([component('unavailable'), component('starting'), component('standby')])).toBe('alive');
    expect(livenessOf([component('ready'), component('failed')])).toBe('failed');
  });
});

describe('the components of a process', () => {
  it('reports a component starting until it is watched, in the order declared, and forgets it', async () => {
    const health = processHealth();
    health.starting('ingest-worker', 'joining its group');
    health.starting('probe-status-worker', 'joining its group');
    expect(await health.reports()).toEqual([
      { name: 'ingest-worker', state: 'starting', reason: 'joining its group' },
      { name: 'probe-status-worker', state: 'starting', reason: 'joining its group' },
    ]);
    const forget = health.watch('ingest-worker', async () => ({ state: 'ready', lag: 3 }));
    expect((await health.reports())[0]).toEqual({ name: 'ingest-worker', state: 'ready', lag: 3 });
    forget();
    expect((await health.reports()).map((report) => report.name)).toEqual(['probe-status-worker']);
  });

  it('reports a probe that throws or does not answer within 2 s as unavailable, with the reason', async () => {
    const health = processHealth();
    health.watch('broken', () => {
      throw new Error('no broker');
    });
    health.watch('silent', () => new Promise(() => {}));
    const started = Date.now();
    expect(await health.reports()).toEqual([
      { name: 'broken', state: 'unavailable', reason: 'no broker' },
      { name: 'silent', state: 'unavailable', reason: 'no answer within 2000 ms' },
    ]);
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('tells liveness failures at once, without asking the probes', () => {
    const health = processHealth();
    let ended: string | undefined;
    health.watch(
      'consumer',
      () => new Promise(() => {}),
      () => ended,
    );
    expect(health.failures()).toEqual([]);
    ended = 'its loop ended: boom';
    expect(health.failures()).toEqual([{ name: 'consumer', state: 'failed', reason: 'its loop ended: boom' }]);
  });
});
