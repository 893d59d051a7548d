import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi, pagedList } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn } from '../../../shared/testing/render-screen.tsx';
import { AlertsBadge } from '../../shell/components/AlertsBadge.tsx';
import type { AlertHistoryEntry } from '../api/alerts-api.ts';
import AlertsPage from './AlertsPage.tsx';
import { alertOf, analystProfile, entryOf } from './alerts-fixtures.ts';

describe('alert history', () => {
  let api: FakeApi;
  let entries: AlertHistoryEntry[];
  const latency = alertOf('a1', 'Madrid latency');
  beforeEach(() => {
    api = fakeApi();
    signIn(api, analystProfile);
    api.get('/api/alert-config/', pagedList([latency]));
    entries = [
      entryOf(latency, { recordedAt: '2026-11-20T12:00:05.000Z', state: 'resolved' }),
      entryOf(latency, { recordedAt: '2026-11-20T11:00:05.000Z', state: 'noData' }),
      entryOf(latency, { recordedAt: '2026-11-20T10:00:05.000Z', read: true }),
    ];
    api.get('/api/alert-history', (request) => {
      const state = request.query.get('state');
      const list = entries.filter((entry) => !state || entry.state === state);
      return { list, count: list.length };
    });
    api.get('/api/alert-history/unread-count', () => ({ count: entries.filter((entry) => !entry.read).length }));
    const markRead = (ids: string[], read: boolean) => {
      entries = entries.map((entry) => (ids.includes(entry.id) ? { ...entry, read } : entry));
      return { count: ids.length };
    };
    for (const entry of entries)
      api.put(`/api/alert-history/${entry.id}`, (request) =>
        markRead([entry.id], (request.body as { read: boolean }).read),
      );
    api.put('/api/alert-history', (request) => {
      const { ids, read } = request.body as { ids: string[]; read: boolean };
      return markRead(ids, read);
    });
  });

  const render = (language: 'en' | 'es' = 'en') =>
    renderScreen(
      <>
        <AlertsBadge canOpenAlerts />
        <AlertsPage />
      </>,
      { path: '/alerts', at: '/alerts?tab=history', language },
    );
  const badge = () => screen.getByTestId('alerts-unread').textContent;
  const readButtons = () => screen.getAllByRole('button', { pressed: false });

  it('lists the entries newest first with their state and whether they were read', async () => {
    await render();
    await screen.findAllByRole('cell', { name: 'Madrid latency' });
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[3]?.textContent)).toEqual([
      'Resolved',
      'No data',
      'Firing',
    ]);
    expect(rows.map((row) => within(row).getByRole('button').textContent)).toEqual(['Unread', 'Unread', 'Read']);
    expect(within(rows[0]!).getByText('Campaign: Madrid drive test 2026')).toBeTruthy();
    expect(within(rows[0]!).getByText('3 of 12')).toBeTruthy();
  });

  it('marks one entry read, and the unread badge drops at once', async () => {
    const { user } = await render();
    await waitFor(() => expect(badge()).toBe('2'));
    await user.click((await screen.findAllByRole('button', { name: /^Mark read: Madrid latency/ }))[0]!);
    await waitFor(() => expect(badge()).toBe('1'));
    expect(api.sent('PUT', `/api/alert-history/${entries[0]!.id}`)[0]?.body).toEqual({ read: true });
    await waitFor(() => expect(readButtons()).toHaveLength(1));
  });

  it('marks every entry of the page read at once', async () => {
    const { user } = await render();
    await waitFor(() => expect(badge()).toBe('2'));
    // The badge's count may come before the page's entries, and the button stays disabled until they are listed.
    await screen.findAllByRole('cell', { name: 'Madrid latency' });
    await user.click(screen.getByRole('button', { name: 'Mark all on this page read' }));
    await waitFor(() => expect(badge()).toBe('0'));
    expect(api.sent('PUT', '/api/alert-history')[0]?.body).toEqual({
      ids: [entries[0]!.id, entries[1]!.id],
      read: true,
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark all on this page read' })).toBeDisabled());
  });

  it('narrows the history by state, kept in the address', async () => {
    const { user, router } = await render();
    await screen.findAllByRole('cell', { name: 'Madrid latency' });
    await user.selectOptions(screen.getByLabelText('State'), 'noData');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=history&state=noData'));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(api.sent('GET', '/api/alert-history').at(-1)?.query.get('state')).toBe('noData');
  });

  it('speaks Spanish', async () => {
    await render('es');
    await screen.findAllByRole('cell', { name: 'Madrid latency' });
    expect(screen.getByRole('button', { name: 'Marcar como leídas todas las de esta página' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Sin datos' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Marcar como leída: / })).toHaveLength(2);
  });
});
