import type { EntityService } from '@nq/platform/entities/entity-service';
import { describe, expect, it } from 'vitest';
import { scorecardAsOf } from './scorecard-version.ts';

const storedWith = (fields: Record<string, unknown>) =>
  ({
    load: async () => ({ state: { status: 'active', version: 3, fields }, events: [{ position: '12:1' }] }),
  }) as unknown as EntityService;

describe("a scorecard's definition", () => {
  it('stored before scorecards named their sources, scores every source', async () => {
    const { scorecard, configuration } = await scorecardAsOf(storedWith({ name: 'Old', isps: ['isp-1'] }), 's1');
    expect(scorecard).toMatchObject({ name: 'Old', isps: ['isp-1'], sources: [] });
    expect(configuration).toEqual({ scorecardId: 's1', version: 3, position: '12:1' });
  });

  it('keeps the sources it names', async () => {
    const { scorecard } = await scorecardAsOf(storedWith({ name: 'Panel only', sources: ['panel'] }), 's1');
    expect(scorecard.sources).toEqual(['panel']);
  });
});
