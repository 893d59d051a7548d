import { describe, expect, it } from 'vitest';
import { dimensions } from '../analytics/query-ir.ts';
import { offeredDimensions, selectionGroupOf, unofferedSelection } from './selection-group.ts';

const landline = { service: 'landline', useClusters: false, isGod: false } as const;
const mobile = { service: 'mobile', useClusters: false, isGod: false } as const;
const clustered = { service: 'mobile', useClusters: true, isGod: false } as const;

describe('the selection group of a profile', () => {
  it('is universes for landline, campaigns for mobile, clusters when the profile uses clusters', () => {
    expect(selectionGroupOf(landline)).toBe('universes');
    expect(selectionGroupOf(mobile)).toBe('campaigns');
    expect(selectionGroupOf(clustered)).toBe('clusters');
    expect(selectionGroupOf({ service: 'landline', useClusters: true })).toBe('clusters');
  });

  it('names the filters and breakdowns of the other groups a request uses, and nothing for isGod', () => {
    expect(
      unofferedSelection(landline, { campaigns: ['c'], universes: ['u'], breakdowns: ['cluster', 'isp'] }),
    ).toEqual(['campaigns', 'cluster']);
    expect(unofferedSelection(mobile, { campaigns: ['c'], clusters: [], breakdowns: ['campaign'] })).toEqual([]);
    expect(unofferedSelection(clustered, { campaigns: ['c'] })).toEqual(['campaigns']);
    expect(unofferedSelection({ ...landline, isGod: true }, { campaigns: ['c'], breakdowns: ['cluster'] })).toEqual([]);
  });

  it('offers the breakdowns of the own group only, every other dimension kept', () => {
    const offered = offeredDimensions(mobile, dimensions);
    expect(offered).toContain('campaign');
    expect(offered).not.toContain('universe');
    expect(offered).not.toContain('cluster');
    expect(offered).toContain('isp');
    expect(offeredDimensions(undefined, dimensions)).toEqual([...dimensions]);
  });
});
