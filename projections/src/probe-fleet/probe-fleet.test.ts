import type { StoredEvent } from '@nq/contracts';
import { describe, expect, it } from 'vitest';
import { probeFleetProjection, withReport } from './probe-fleet.ts';

const fleet = probeFleetProjection({ kind: 'probe', eventPrefix: 'Probe' });
let sequence = 0;
const event = (type: string, data: object): StoredEvent => ({
  eventId: `00000000-0000-5000-8000-0000000000${String(++sequence).padStart(2, '0')}`,
  streamId: 'probe-p1',
  streamVersion: sequence,
  position: `10:${sequence}`,
  type,
  schemaVersion: 1,
  data: data as Record<string, unknown>,
  metadata: { actor: { userId: 'u1', profileId: 'p1' }, commandId: 'c', correlationId: 'c', causationId: 'c' },
  recordedAt: '2026-03-01T10:00:00.000Z',
});
const created = (fields: object) => fleet.apply(null, event('ProbeCreated', { id: 'p1', fields, owner: 'p1' }))!;
const report = { lastReportAt: '2026-03-01T10:05:00Z', state: 'Ready', operator: 'movistar', technology: 5 };

describe('probe fleet read model', () => {
  it('keeps what the fleet screens read of a probe, placed at its fixed position', () => {
    expect(
      created({ name: 'Sol', type: 'landline', status: 'Available', latitude: 40.4, longitude: -3.7, town: 'Madrid' }),
    ).toEqual({
      id: 'p1',
      name: 'Sol',
      type: 'landline',
      status: 'Available',
      latitude: 40.4,
      longitude: -3.7,
      reported: false,
      shownState: 'Available',
      located: true,
      geoPoint: { lat: 40.4, lon: -3.7 },
    });
  });

  it('takes a newer report in, placed where it reported from when it has no fixed position', () => {
    const probe = created({ name: 'Roaming', type: 'mobile', status: 'Available' });
    const reported = withReport(probe, { ...report, location: { lat: 41.4, lon: 2.17 }, softwareVersion: '2.4' })!;
    expect(reported).toMatchObject({
      state: 'Ready',
      shownState: 'Ready',
      reported: true,
      lastReportMs: Date.parse(report.lastReportAt),
      geoPoint: { lat: 41.4, lon: 2.17 },
    });
    expect(reported).not.toHaveProperty('softwareVersion');
    expect(withReport(reported, { ...report, lastReportAt: '2026-03-01T10:00:00Z', state: 'Not ready' })).toBe(
      undefined,
    );
  });

  it('keeps the last report through configuration changes, and forgets the probe when it is deleted', () => {
    const reported = withReport(created({ name: 'Sol', type: 'landline', status: 'Available' }), report)!;
    const renamed = fleet.apply(reported, event('ProbeUpdated', { changes: { name: 'Puerta del Sol', town: null } }));
    expect(renamed).toMatchObject({ name: 'Puerta del Sol', state: 'Ready', operator: 'movistar', located: false });
    expect(fleet.apply(renamed, event('ProbeUpdated', { changes: { town: 'Madrid' } }))).toBe(renamed);
    const placed = fleet.apply(renamed, event('ProbeUpdated', { changes: { latitude: 40.4, longitude: -3.7 } }));
    expect(placed).toMatchObject({ located: true, geoPoint: { lat: 40.4, lon: -3.7 }, state: 'Ready' });
    const unplaced = fleet.apply(placed, event('ProbeUpdated', { changes: { latitude: null, longitude: null } }));
    expect(unplaced).toMatchObject({ located: false });
    expect(unplaced).not.toHaveProperty('latitude');
    expect(fleet.apply(unplaced, event('ProbeDeleted', {}))).toBeNull();
  });
});
