import type { AlertHistoryEntry } from '@nq/contracts/alerts/alert-history';
import { testProfile } from '../../../shared/testing/render-screen.tsx';
import type { AlertView } from '../api/alerts-api.ts';

// What the alerts screen's tests draw: a mobile analyst's profile, its alerts and their history.

export const analystProfile = testProfile({
  name: 'Madrid analyst',
  service: 'mobile',
  programs: [
    { id: 'ping', type: 3, program: 'Ping' },
    { id: 'speedtest', type: 2, program: 'Speed test' },
  ],
  kpis: [{ id: 'latency' }, { id: 'download' }],
  technologies: [4, 5],
  isps: [{ id: 'movistar', label: 'Movistar' }],
  campaigns: [{ id: 'madrid-drive', name: 'Madrid drive test 2026' }],
});

export const alertOf = (id: string, name: string, changes: Partial<AlertView> = {}): AlertView => ({
  id,
  version: 1,
  name,
  type: 'mobile',
  status: 'Active',
  conditions: [{ program: 'ping', kpi: 'latency', operator: 'gt', value: 80 }],
  interval: { value: 1, unit: 'hour' },
  eventsCount: 2,
  technologies: [4, 5],
  campaigns: ['madrid-drive'],
  universes: [],
  providers: ['movistar'],
  grouping: 'campaign',
  email: { enabled: false, recipients: [] },
  push: { enabled: true },
  notifyOnlyNew: false,
  enabled: true,
  ...changes,
});

let serial = 0;
export const entryOf = (alert: AlertView, changes: Partial<AlertHistoryEntry> = {}): AlertHistoryEntry => {
  serial += 1;
  return {
    id: `ah-${serial.toString(16).padStart(32, '0')}`,
    alertId: alert.id,
    alertName: alert.name,
    alertType: alert.type,
    group: { kind: 'campaign', id: 'madrid-drive', label: 'Madrid drive test 2026' },
    state: 'firing',
    window: { start: '2026-11-20T09:00:00.000Z', end: '2026-11-20T10:00:00.000Z' },
    measurements: 12,
    matching: 3,
    condition: 0,
    value: 95,
    recordedAt: '2026-11-20T10:00:05.000Z',
    read: false,
    ...changes,
  };
};
