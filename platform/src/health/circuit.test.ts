import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { DependencyUnavailableError } from '../dependency-unavailable.ts';
import { Circuit, reportCircuits } from './circuit.ts';

const timeout = new Error('timed out');
const isTimeout = (error: unknown) => error === timeout;

function circuitAt() {
  const clock = { now: 0 };
  const changes: string[] = [];
  const circuit = new Circuit('read-store', {
    failures: 3,
    openMs: 5_000,
    now: () => clock.now,
    onChange: (state) => changes.push(state),
  });
  const call = (outcome: 'answer' | 'timeout' | 'refusal') =>
    circuit.run(async () => {
      if (outcome === 'timeout') throw timeout;
      if (outcome === 'refusal') throw new Error('index not found');
      return 'ok';
    }, isTimeout);
  return { clock, changes, circuit, call };
}

describe('a circuit around a dependency', () => {
  it('opens after failures in a row, refusing at once as unavailable with Retry-After, without calling', async () => {
    const { circuit, call, changes } = circuitAt();
    for (let failure = 0; failure < 3; failure++) await expect(call('timeout')).rejects.toBe(timeout);
    expect(circuit.state).toBe('open');
    let called = false;
    const refused = await circuit
      .run(async () => {
        called = true;
      }, isTimeout)
      .catch((error: unknown) => error);
    expect(called).toBe(false);
    expect(refused).toBeInstanceOf(DependencyUnavailableError);
    expect(refused).toMatchObject({
      code: 'dependency.unavailable',
      details: { retryAfterSeconds: 5, circuit: 'open' },
    });
    expect(changes).toEqual(['open']);
  });

  it('counts only failures in a row: an answer, even an error the dependency answers with, starts again', async () => {
    const { circuit, call } = circuitAt();
    await expect(call('timeout')).rejects.toBe(timeout);
    await expect(call('timeout')).rejects.toBe(timeout);
    await expect(call('refusal')).rejects.toThrow('index not found');
    await expect(call('timeout')).rejects.toBe(timeout);
    await expect(call('timeout')).rejects.toBe(timeout);
    expect(circuit.state).toBe('closed');
  });

  it('lets one call try again once open long enough: its answer closes it, its failure opens it again', async () => {
    const { clock, circuit, call, changes } = circuitAt();
    for (let failure = 0; failure < 3; failure++) await expect(call('timeout')).rejects.toBe(timeout);
    clock.now = 3_500;
    await expect(call('answer')).rejects.toMatchObject({ details: { retryAfterSeconds: 2 } });
    clock.now = 4_999;
    await expect(call('answer')).rejects.toMatchObject({ details: { retryAfterSeconds: 1 } });
    clock.now = 5_000;
    await expect(call('timeout')).rejects.toBe(timeout);
    expect(circuit.state).toBe('open');
    await expect(call('answer')).rejects.toBeInstanceOf(DependencyUnavailableError);
    clock.now = 10_000;
    // While the one trial runs, the others are still refused.
    const trial = call('answer');
    await expect(call('answer')).rejects.toBeInstanceOf(DependencyUnavailableError);
    expect(await trial).toBe('ok');
    expect(circuit.state).toBe('closed');
    expect(await call('answer')).toBe('ok');
    expect(changes).toEqual(['open', 'open', 'closed']);
  });
});

describe('the circuits as metrics', () => {
  it('reports 1 while a circuit around a dependency refuses, 0 once it closes, nothing once its client closed', async () => {
    const metrics = new Registry();
    reportCircuits(metrics);
    const circuit = new Circuit('test-dependency', { failures: 1 });
    const value = async () =>
      (await metrics.getSingleMetricAsString('nq_dependency_circuit_open'))
        .split('\n')
        .find((line) => line.startsWith('nq_dependency_circuit_open{dependency="test-dependency"}'));
    expect(await value()).toBe('nq_dependency_circuit_open{dependency="test-dependency"} 0');
    circuit.failed();
    expect(await value()).toBe('nq_dependency_circuit_open{dependency="test-dependency"} 1');
    circuit.succeeded();
    expect(await value()).toBe('nq_dependency_circuit_open{dependency="test-dependency"} 0');
    circuit.dispose();
    expect(await value()).toBeUndefined();
  });
});
