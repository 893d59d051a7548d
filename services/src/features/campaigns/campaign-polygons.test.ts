import { intentEventsOf } from '@nq/platform/entities/entity-definition';
import { campaignPolygonsProjection } from '@nq/projections';
import { describe, expect, it } from 'vitest';
import { campaignEntity } from './campaign.entity.ts';

describe('campaign polygon history', () => {
  it("follows the campaign definition's streams and events, its polygon's named changes included", () => {
    const created = `${campaignEntity.eventPrefix}Created`;
    expect(campaignPolygonsProjection.handles(created)).toBe(true);
    for (const event of intentEventsOf(campaignEntity))
      expect(campaignPolygonsProjection.handles(`${campaignEntity.eventPrefix}${event}`), event).toBe(true);
    expect(campaignPolygonsProjection.handles('GeofilterCreated')).toBe(false);
    const event = { streamId: `${campaignEntity.kind}-c1` } as Parameters<
      typeof campaignPolygonsProjection.documentId
    >[0];
    expect(campaignPolygonsProjection.documentId(event)).toBe('c1');
  });
});
