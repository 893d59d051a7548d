import { DomainError } from '@nq/contracts';
import { describe, expect, it } from 'vitest';
import { awaitReadModels } from './read-your-writes.ts';

/** A projector whose named projections have reached the write, the others not (within their bound). */
function projectorShowing(...caughtUp: string[]) {
  const asked: string[] = [];
  return {
    asked,
    async showsWrite(_position: string, projection?: string) {
      asked.push(projection ?? '*');
      return caughtUp.includes(projection ?? '*');
    },
  };
}

describe('read-your-writes over several read models', () => {
  it('answers once every read model it reads shows the write, asking each once', async () => {
    const projector = projectorShowing('probes', 'campaigns');
    await awaitReadModels(projector, '42', ['probes', 'campaigns', 'probes']);
    expect(projector.asked).toEqual(['probes', 'campaigns']);
  });

  it('refuses as unavailable, naming the read model that has not caught up', async () => {
    const refusal = await awaitReadModels(projectorShowing('probes'), '42', ['probes', 'campaigns']).catch((e) => e);
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ code: 'dependency.unavailable', params: { dependency: 'read model campaigns' } });
  });

  it('waits for nothing when no write is named', async () => {
    const projector = projectorShowing();
    await awaitReadModels(projector, undefined, ['probes']);
    expect(projector.asked).toEqual([]);
  });
});
