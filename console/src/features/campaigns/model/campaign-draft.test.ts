import { measurePolygon } from '@nq/contracts/configuration/polygon-measures';
import { describe, expect, it } from 'vitest';
import { changedFields } from '../../geo-entities/model/changed-fields.ts';
import type { Campaign } from '../api/campaigns-api.ts';
import { campaignBody, campaignDraft, campaignProblems } from './campaign-draft.ts';

const polygon = measurePolygon({
  type: 'Polygon',
  coordinates: [
    [
      [-3.8, 40.3],
      [-3.6, 40.3],
      [-3.6, 40.5],
      [-3.8, 40.3],
    ],
  ],
});
const campaign: Campaign = {
  id: 'c1',
  name: 'Madrid drive test 2026',
  startDate: '2026-01-01T00:00:00.000Z',
  endDate: '2026-12-31T23:59:59.000Z',
  special: false,
  polygon,
  owner: 'demo-admin',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('campaign form', () => {
  it('edits the limit dates as UTC days and sends them back as the first and last second of those days', () => {
    const draft = campaignDraft(campaign);
    expect(draft).toMatchObject({ startDate: '2026-01-01', endDate: '2026-12-31' });
    expect(campaignBody(draft)).toEqual({
      name: 'Madrid drive test 2026',
      startDate: '2026-01-01T00:00:00.000Z',
      endDate: '2026-12-31T23:59:59.000Z',
      special: false,
      polygon: { type: 'Polygon', coordinates: polygon.coordinates },
    });
  });

  it('sends only what an edit changed', () => {
    const before = campaignBody(campaignDraft(campaign));
    const after = campaignBody({ ...campaignDraft(campaign), endDate: '2026-06-30', polygon: undefined });
    expect(changedFields(before, after)).toEqual({ endDate: '2026-06-30T23:59:59.000Z', polygon: null });
  });

  it('finds the problems the API would, before calling it', () => {
    expect(campaignProblems(campaignDraft())).toEqual({
      name: 'validation.required',
      startDate: 'validation.required',
      endDate: 'validation.required',
    });
    expect(campaignProblems({ ...campaignDraft(campaign), startDate: '2026-02-01', endDate: '2026-01-31' })).toEqual({
      endDate: 'validation.endBeforeStart',
    });
    expect(campaignProblems(campaignDraft(campaign))).toEqual({});
  });
});
