import { campaignPolygonEvents, type StoredEvent } from '@nq/contracts';
import { describe, expect, it } from 'vitest';
import { polygonHistoryProjection } from './polygon-history.ts';

const history = polygonHistoryProjection({
  kind: 'campaign',
  eventPrefix: 'Campaign',
  intentEvents: campaignPolygonEvents,
  collection: 'campaign-polygons',
});
const square = (x: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, 0],
      [x + 1, 0],
      [x + 1, 1],
      [x, 1],
      [x, 0],
    ],
  ],
});
let sequence = 0;
const event = (type: string, data: object): StoredEvent => ({
  eventId: `00000000-0000-5000-8000-00000000000${++sequence}`,
  streamId: 'campaign-c1',
  streamVersion: sequence,
  position: `10:${sequence}`,
  type,
  schemaVersion: 1,
  data: data as Record<string, unknown>,
  metadata: { actor: { userId: 'u1', profileId: 'p1' }, commandId: 'c', correlationId: 'c', causationId: 'c' },
  recordedAt: `2026-03-0${sequence}T10:00:00.000Z`,
});

describe('polygon history projection', () => {
  it('keeps every polygon a campaign has had with the instant it took effect, and forgets a deleted campaign', () => {
    const created = history.apply(
      null,
      event('CampaignCreated', { id: 'c1', fields: { name: 'Madrid', polygon: square(0) }, owner: 'p1' }),
    );
    const renamed = history.apply(created, event('CampaignUpdated', { changes: { name: 'Madrid centre' } }));
    const redrawn = event('CampaignPolygonRedrawn', {
      changes: { polygon: square(5) },
      intent: {
        before: { polygon: { center: [0.5, 0.5], size: 80 } },
        after: { polygon: { center: [5.5, 0.5], size: 80 } },
      },
    });
    const removed = event('CampaignPolygonRemoved', {
      changes: { polygon: null },
      intent: { after: { polygon: null } },
    });
    expect([redrawn, removed].every((named) => history.handles(named.type))).toBe(true);
    const moved = history.apply(renamed, redrawn);
    const cleared = history.apply(moved, removed);
    expect(history.documentId(event('CampaignUpdated', { changes: {} }))).toBe('c1');
    expect(renamed).toEqual(created);
    expect(cleared).toEqual({
      id: 'c1',
      polygonVersions: [
        { from: '2026-03-01T10:00:00.000Z', rings: square(0).coordinates },
        { from: '2026-03-03T10:00:00.000Z', rings: square(5).coordinates },
        { from: '2026-03-04T10:00:00.000Z', rings: null },
      ],
    });
    expect(history.apply(cleared, event('CampaignDeleted', {}))).toBeNull();
  });

  it('starts without a polygon when the campaign was created without one', () => {
    const created = history.apply(null, event('CampaignCreated', { id: 'c1', fields: { name: 'Later' }, owner: 'p1' }));
    expect(created).toMatchObject({ polygonVersions: [{ rings: null }] });
  });
});
