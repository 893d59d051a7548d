import { describe, expect, it } from 'vitest';
import type { Cluster } from '../api/clusters-api.ts';
import { clusterBody, clusterDraft, clusterProblems, emptyMembership, emptyRange } from './cluster-draft.ts';

const cluster: Cluster = {
  id: 'k1',
  name: 'Madrid landline',
  description: 'Home probes in the Madrid area',
  colour: '#1d4ed8',
  attributes: { country: 'Spain', region: 'Madrid', technology: 'Fibre' },
  probes: [
    { probeId: 'probe001', start: '2026-01-01T00:00:00.000Z' },
    { probeId: 'probe002', start: '2026-01-01T00:00:00.000Z', end: '2026-06-30T23:59:59.000Z' },
  ],
  dateRanges: [],
  geoFilters: ['g1'],
  owner: 'demo-admin',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('cluster form', () => {
  it('round-trips a cluster through the form', () => {
    const body = clusterBody(clusterDraft(cluster));
    expect(body).toEqual({
      name: 'Madrid landline',
      description: 'Home probes in the Madrid area',
      colour: '#1d4ed8',
      image: undefined,
      attributes: { country: 'Spain', region: 'Madrid', technology: 'Fibre' },
      startDate: undefined,
      endDate: undefined,
      dateRanges: [],
      probes: [
        { probeId: 'probe001', start: '2026-01-01T00:00:00.000Z', end: undefined },
        { probeId: 'probe002', start: '2026-01-01T00:00:00.000Z', end: '2026-06-30T23:59:59.000Z' },
      ],
      geoFilters: ['g1'],
    });
    expect(clusterProblems(clusterDraft(cluster))).toEqual({});
  });

  it("refuses overlapping date ranges: 'Some of the date ranges overlap'", () => {
    const draft = clusterDraft(cluster);
    draft.dateRanges = [
      { ...emptyRange(), start: '2026-01-01', end: '2026-01-31' },
      { ...emptyRange(), start: '2026-01-31', end: '2026-02-28' },
    ];
    expect(clusterProblems(draft)).toEqual({ dateRanges: 'clusters.dateRangesOverlap' });
    draft.dateRanges[1]!.start = '2026-02-01';
    expect(clusterProblems(draft)).toEqual({});
  });

  it('refuses overlapping memberships of one probe, not of two', () => {
    const draft = clusterDraft(cluster);
    draft.probes.push({ ...emptyMembership(), probeId: 'probe002', start: '2026-06-01', end: '' });
    expect(clusterProblems(draft)).toEqual({ probes: 'clusters.dateRangesOverlap' });
    draft.probes[2]!.probeId = 'probe101';
    expect(clusterProblems(draft)).toEqual({});
  });

  it('needs a probe and a start in each membership, and ends after starts', () => {
    const draft = clusterDraft(cluster);
    draft.probes.push(emptyMembership());
    expect(clusterProblems(draft).probes).toBe('validation.required');
    draft.probes[2] = { ...emptyMembership(), probeId: 'probe101', start: '2026-03-02', end: '2026-03-01' };
    expect(clusterProblems(draft).probes).toBe('validation.endBeforeStart');
    const dated = { ...clusterDraft(cluster), startDate: '2026-05-01', endDate: '2026-04-01' };
    expect(clusterProblems(dated)).toEqual({ endDate: 'validation.endBeforeStart' });
  });

  it('refuses an image over 1 MB with its catalogue message', () => {
    const header = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
    const bytes = new Uint8Array(1024 * 1024 + 3);
    bytes.set(header);
    const image = `data:image/png;base64,${Buffer.from(bytes).toString('base64')}`;
    expect(clusterProblems({ ...clusterDraft(cluster), image })).toEqual({ image: 'clusters.imageTooLarge' });
  });

  it('needs a name', () => {
    expect(clusterProblems(clusterDraft())).toEqual({ name: 'validation.required' });
  });
});
