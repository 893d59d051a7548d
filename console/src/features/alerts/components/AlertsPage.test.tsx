import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi, pagedList } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn } from '../../../shared/testing/render-screen.tsx';
import type { AlertView } from '../api/alerts-api.ts';
import AlertsPage from './AlertsPage.tsx';
import { alertOf, analystProfile, entryOf } from './alerts-fixtures.ts';

describe('alerts screen', () => {
  let api: FakeApi;
  let alerts: AlertView[];
  beforeEach(() => {
    api = fakeApi();
    signIn(api, analystProfile);
    alerts = [
      alertOf('a1', 'Madrid latency'),
      alertOf('a2', 'Slow downloads', { enabled: false, status: 'Inactive', grouping: 'probe' }),
    ];
    api.get('/api/alert-config/', pagedList(alerts));
    api.get('/api/alert-history/a1/latest', {
      list: [
        entryOf(alerts[0]!, { state: 'resolved', group: { kind: 'campaign', id: 'north', label: 'North drive' } }),
        entryOf(alerts[0]!, { state: 'firing' }),
      ],
    });
    api.get('/api/alert-history/a2/latest', { list: [] });
    api.get('/api/alert-history', (request) =>
      request.query.get('alertId') === 'a1'
        ? { list: [entryOf(alerts[0]!, { recordedAt: '2026-11-20T10:00:05.000Z' })], count: 1 }
        : { list: [], count: 0 },
    );
  });

  const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr') as HTMLElement;

  it("opens on the table: each alert's type, worst group state, last firing, switch and status", async () => {
    const { router } = await renderScreen(<AlertsPage />, { path: '/alerts' });
    await screen.findByRole('cell', { name: 'Madrid latency' });
    expect(screen.getByRole('tab', { name: 'Table' }).getAttribute('aria-selected')).toBe('true');
    expect(router.state.location.search).toBe('');
    const latency = within(rowOf('Madrid latency'));
    expect(latency.getByText('Mobile')).toBeTruthy();
    expect(await latency.findByText('Firing')).toBeTruthy();
    expect(await latency.findByText(/Nov 20, 2026/)).toBeTruthy();
    expect(latency.getByRole('switch', { name: 'Enabled: Madrid latency' })).toBeChecked();
    expect(latency.getByText('Active')).toBeTruthy();
    const slow = within(rowOf('Slow downloads'));
    expect(await slow.findByText('Not evaluated yet')).toBeTruthy();
    expect(slow.getByText('Never')).toBeTruthy();
    expect(slow.getByRole('switch', { name: 'Enabled: Slow downloads' })).not.toBeChecked();
    expect(slow.getByText('Inactive')).toBeTruthy();
  });

  it('keeps the tab in the address', async () => {
    const { user, router } = await renderScreen(<AlertsPage />, { path: '/alerts' });
    await user.click(await screen.findByRole('tab', { name: 'History' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=history'));
    expect(screen.getByRole('tab', { name: 'History' }).getAttribute('aria-selected')).toBe('true');
    await user.click(screen.getByRole('tab', { name: 'Table' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('disables and enables an alert with its switch, one command each', async () => {
    api.put('/api/alert-config/a1/disable', () => {
      alerts[0] = { ...alerts[0]!, enabled: false };
      return { id: 'a1', version: 2, entity: alerts[0], warnings: [] };
    });
    api.put('/api/alert-config/a2/enable', () => {
      alerts[1] = { ...alerts[1]!, enabled: true };
      return { id: 'a2', version: 2, entity: alerts[1], warnings: [] };
    });
    const { user } = await renderScreen(<AlertsPage />, { path: '/alerts' });
    await user.click(await screen.findByRole('switch', { name: 'Enabled: Madrid latency' }));
    expect(await screen.findByText('Madrid latency is disabled.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Enabled: Madrid latency' })).not.toBeChecked());
    await user.click(screen.getByRole('switch', { name: 'Enabled: Slow downloads' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Enabled: Slow downloads' })).toBeChecked());
    // The switch turns at once; its command is sent right after (waited for: a busy machine sends it later).
    await waitFor(() => expect(api.sent('PUT', '/api/alert-config/a2/enable')).toHaveLength(1));
    expect(api.sent('PUT', '/api/alert-config/a1/disable')).toHaveLength(1);
  });

  it('deletes an alert after a confirmation', async () => {
    api.delete('/api/alert-config/a2', () => {
      alerts.splice(1, 1);
      return { id: 'a2', version: 2, entity: null, warnings: [] };
    });
    const { user } = await renderScreen(<AlertsPage />, { path: '/alerts' });
    await user.click(await screen.findByRole('button', { name: 'Delete Slow downloads' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Slow downloads' })).toBeNull());
  });

  it('lists aside, on the map tab, the groups without located probes', async () => {
    api.get('/api/probes/map', { type: 'FeatureCollection', features: [], withoutCoordinates: [], warnings: [] });
    api.get('/probes/actives/bycampaign', { list: [], count: 0, page: 1, pageSize: 50 });
    await renderScreen(<AlertsPage />, { path: '/alerts', at: '/alerts?tab=map' });
    const aside = await screen.findByTestId('unlocated-groups');
    expect(
      within(aside)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Madrid latency · Campaign: North driveOK', 'Madrid latency · Campaign: Madrid drive test 2026Firing']);
  });

  it('shows on the map only the alert the history was filtered to, and every alert again on request', async () => {
    api.get('/api/probes/map', { type: 'FeatureCollection', features: [], withoutCoordinates: [], warnings: [] });
    api.get('/probes/actives/bycampaign', { list: [], count: 0, page: 1, pageSize: 50 });
    api.get('/api/alert-history/a2/latest', {
      list: [entryOf(alerts[1]!, { state: 'firing', group: { kind: 'campaign', id: 'south', label: 'South drive' } })],
    });
    const { user } = await renderScreen(<AlertsPage />, { path: '/alerts', at: '/alerts?tab=history&alert=a1' });
    await screen.findByRole('cell', { name: 'Madrid latency' });
    await user.click(screen.getByRole('tab', { name: 'Map' }));
    const aside = await screen.findByTestId('unlocated-groups');
    expect(screen.getByText('Only the groups of “Madrid latency”, as the history was filtered.')).toBeInTheDocument();
    // Groups whose probes have no known place: said in words where the map would be, listed beside it.
    expect(screen.getByText(/None of these groups has a probe with a known location/)).toBeInTheDocument();
    expect(
      within(aside)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).not.toContain(expect.stringContaining('South drive'));
    await user.click(screen.getByRole('button', { name: 'Show every alert' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('unlocated-groups')).getByText(/South drive/)).toBeInTheDocument(),
    );
  });

  it('speaks Spanish', async () => {
    await renderScreen(<AlertsPage />, { path: '/alerts', language: 'es' });
    expect(await screen.findByRole('heading', { name: 'Alertas' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Tabla' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Historial' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Último disparo' })).toBeTruthy();
    await screen.findByRole('cell', { name: 'Madrid latency' });
    const latency = within(rowOf('Madrid latency'));
    expect(await latency.findByText('Disparada')).toBeTruthy();
    expect(latency.getByText('Móvil')).toBeTruthy();
    expect(latency.getByRole('switch', { name: 'Activada: Madrid latency' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Nueva alerta' })).toBeTruthy();
  });
});
