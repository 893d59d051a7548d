import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, type FakeApi, fakeApi, type SentRequest } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn } from '../../../shared/testing/render-screen.tsx';
import { dashboardRoutes, sharedWithMe, weekly } from './dashboards-fixtures.ts';
import PersonalDashboardsPage from './PersonalDashboardsPage.tsx';

const path = '/dashboards_personal';
let api: FakeApi;
beforeEach(() => {
  api = dashboardRoutes(fakeApi())
    .get(`/dashboards/personal/${weekly.id}`, weekly)
    .get(`/dashboards/personal/${sharedWithMe.id}`, sharedWithMe);
  signIn(api);
});

const tiles = () => screen.getAllByTestId('dashboard-graphic');
const tileNamed = (title: string) => screen.getByRole('region', { name: title });

describe('Personal dashboards', () => {
  it('opens in list view: own dashboards and those shared with the user, marked', async () => {
    await renderScreen(<PersonalDashboardsPage />, { path });
    await screen.findByRole('button', { name: 'Team overview' });
    const table = screen.getByRole('table', { name: 'Dashboards' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'Yours',
      'Shared by boss@example.com',
    ]);
    // Only the owner renames or deletes; anyone may clone.
    expect(within(rows[1]!).queryByRole('button', { name: 'Delete Team overview' })).toBeNull();
    expect(within(rows[1]!).getByRole('button', { name: 'Clone Team overview' })).toBeInTheDocument();
  });

  it('says in the dialog when a new dashboard takes a name already used', async () => {
    api.post('/dashboards/personal/', answer(409, { code: 'dashboards.duplicateName' }));
    const { user } = await renderScreen(<PersonalDashboardsPage />, { path });
    await user.click(await screen.findByRole('button', { name: 'New dashboard' }));
    await user.type(screen.getByLabelText('Name'), 'Weekly');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'It is not possible to save the dashboard. You already have one with that name, try a different one.',
      ),
    ).toBeInTheDocument();
    expect(api.sent('POST', '/dashboards/personal/')[0]?.body).toEqual({ name: 'Weekly', categories: [] });
  });

  it('opens a dashboard with its categories panel open and advanced filters closed; each graphic drawn or "no data"', async () => {
    await renderScreen(<PersonalDashboardsPage />, { path, at: `${path}?dashboard=${weekly.id}` });
    const categories = await screen.findByRole('navigation', { name: 'Categories' });
    expect(within(categories).getByRole('button', { name: 'Speed 3' })).toHaveAttribute('aria-current', 'true');
    expect(screen.queryByTestId('advanced-filters')).toBeNull();
    await waitFor(() => expect(tiles().map((tile) => tile.dataset.state)).toEqual(['drawn', 'empty', 'drawn']));
    expect(within(tileNamed('Nothing here')).getByText('There is no data for applied filters')).toBeInTheDocument();
    // The three graphics were asked at once.
    expect(api.sent('POST', '/api/graphic')).toHaveLength(3);
  });

  it("aborts the graphics' requests still running when the dashboard is left", async () => {
    // Answers that never come, and the signal each request was sent with.
    const signals: AbortSignal[] = [];
    const faked = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
      // The graphics themselves (a long one's coverage, asked beside it, is another request).
      if (String(input).split('?')[0] !== '/api/graphic') return faked(input, init);
      if (init.signal) signals.push(init.signal);
      return new Promise(() => {});
    });
    const { user } = await renderScreen(<PersonalDashboardsPage />, { path, at: `${path}?dashboard=${weekly.id}` });
    await waitFor(() => expect(signals).toHaveLength(3));
    expect(signals.some((signal) => signal.aborted)).toBe(false);
    await user.click(screen.getByRole('button', { name: 'All dashboards' }));
    await screen.findByRole('table', { name: 'Dashboards' });
    await waitFor(() => expect(signals.every((signal) => signal.aborted)).toBe(true));
  });

  it('moves and resizes a graphic from the keyboard, saving its layout and those of the graphics it pushed down', async () => {
    let saved = weekly;
    const putGraphic = (graphicId: string) => (request: SentRequest) => {
      const [speed, latency] = saved.categories;
      const graphics = speed!.graphics.map((graphic) =>
        graphic.id === graphicId ? { ...graphic, ...(request.body as object) } : graphic,
      );
      saved = { ...saved, categories: [{ ...speed!, graphics }, latency!] };
      return { result: saved, warnings: [] };
    };
    for (const graphicId of ['g-download', 'g-score'])
      api.put(`/dashboards/personal/${weekly.id}/Speed/${graphicId}`, putGraphic(graphicId));
    const { user } = await renderScreen(<PersonalDashboardsPage />, { path, at: `${path}?dashboard=${weekly.id}` });
    const move = await screen.findByRole('button', { name: 'Move Download by day' });
    move.focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(tileNamed('Download by day').dataset.layout).toBe('0,1,6,4'));
    // The scorecard's graphic below it would be covered: it goes down one row too.
    await waitFor(() => expect(tileNamed('Quality score').dataset.layout).toBe('0,5,12,3'));
    screen.getByRole('button', { name: 'Resize Download by day' }).focus();
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(tileNamed('Download by day').dataset.layout).toBe('0,1,5,4'));
    const sent = (graphicId: string) =>
      api.sent('PUT', `/dashboards/personal/${weekly.id}/Speed/${graphicId}`).map((request) => request.body);
    await waitFor(() =>
      expect(sent('g-download')).toEqual([
        expect.objectContaining({ title: 'Download by day', layout: { x: 0, y: 1, w: 6, h: 4 } }),
        expect.objectContaining({ layout: { x: 0, y: 1, w: 5, h: 4 } }),
      ]),
    );
    expect(sent('g-score')).toEqual([expect.objectContaining({ layout: { x: 0, y: 5, w: 12, h: 3 } })]);
    expect(saved.categories[0]!.graphics.map((graphic) => graphic.layout.y)).toEqual([1, 0, 5]);
  });

  it("warns that deleting a scorecard's graphic takes every graphic of its scorecard", async () => {
    api.delete(`/dashboards/personal/${weekly.id}/Speed/g-score`, {
      result: weekly,
      warnings: [{ code: 'dashboards.scorecardGraphicsDeleted', message: '' }],
    });
    const { user } = await renderScreen(<PersonalDashboardsPage />, { path, at: `${path}?dashboard=${weekly.id}` });
    await user.click(await screen.findByRole('button', { name: 'Delete Quality score' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete graphic' });
    expect(dialog).toHaveTextContent('deleting it deletes every graphic of that scorecard');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('All the graphics that belong to this scorecard have been deleted.'),
    ).toBeInTheDocument();
  });

  it("applies the advanced filters' dates to every graphic that takes them", async () => {
    const { user } = await renderScreen(<PersonalDashboardsPage />, { path, at: `${path}?dashboard=${weekly.id}` });
    await user.click(await screen.findByRole('button', { name: 'Advanced filters' }));
    const filters = screen.getByTestId('advanced-filters');
    await user.type(within(filters).getByLabelText('From'), '2026-03-01');
    await user.click(within(filters).getByRole('button', { name: 'Apply' }));
    expect(
      await within(tileNamed('Quality score')).findByText("Selected filters don't apply over this graphic"),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        api
          .sent('POST', '/api/graphic')
          .map((request) => (request.body as { tsStart?: string }).tsStart)
          .filter(Boolean),
      ).toEqual(['2026-03-01', '2026-03-01']),
    );
  });

  it('shows a shared dashboard read-only to a non-owner, who saves a copy under a name', async () => {
    api.post(`/dashboards/personal/${sharedWithMe.id}/clone`, {
      result: { ...sharedWithMe, id: 'dash-3', name: 'My team', owner: 'profile-1' },
      warnings: [],
    });
    api.get('/dashboards/personal/dash-3', { ...sharedWithMe, id: 'dash-3', name: 'My team', owner: 'profile-1' });
    const { user, router } = await renderScreen(<PersonalDashboardsPage />, {
      path,
      at: `${path}?dashboard=${sharedWithMe.id}`,
    });
    expect(await screen.findByRole('note')).toHaveTextContent('boss@example.com shared this dashboard with you');
    expect(screen.queryByRole('button', { name: 'Move Team download' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save a copy' }));
    const dialog = screen.getByRole('dialog', { name: 'Save a copy of Team overview' });
    expect(dialog).toHaveTextContent('otherwise it is lost');
    await user.type(within(dialog).getByLabelText('Name'), 'My team');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.search).toBe('?dashboard=dash-3'));
    expect(api.sent('POST', `/dashboards/personal/${sharedWithMe.id}/clone`)[0]?.body).toEqual({ name: 'My team' });
  });

  it('lists unread shared dashboards; opening one marks it read and opens it', async () => {
    api.get('/dashboards/personal/notifications', {
      result: [
        { id: sharedWithMe.id, dashboard: 'Team overview', sharer: 'boss@example.com', message: 'Look', read: false },
      ],
    });
    api.put(`/dashboards/personal/notifications/${sharedWithMe.id}`, {
      result: { id: sharedWithMe.id, dashboard: 'Team overview', sharer: 'boss@example.com', read: true },
    });
    const { user } = await renderScreen(<PersonalDashboardsPage />, { path });
    await user.click(await screen.findByRole('button', { name: 'Shared dashboards: 1 unread' }));
    const list = screen.getByRole('region', { name: 'Shared dashboards' });
    expect(list).toHaveTextContent('boss@example.com shared Team overview with you');
    expect(list).toHaveTextContent('Look');
    await user.click(within(list).getByRole('button', { name: /Team overview/ }));
    expect(await screen.findByRole('heading', { name: 'Team overview' })).toBeInTheDocument();
    await waitFor(() =>
      expect(api.sent('PUT', `/dashboards/personal/notifications/${sharedWithMe.id}`)[0]?.body).toEqual({ read: true }),
    );
  });

  it('sends the dashboard as a PDF in the browser time zone, warning first when a table exceeds the PDF', async () => {
    const bigTable = {
      ...weekly,
      categories: [
        {
          name: 'Speed',
          graphics: [
            {
              ...weekly.categories[0]!.graphics[0]!,
              request: { ...weekly.categories[0]!.graphics[0]!.request, graphicType: 'table' as const },
            },
          ],
        },
      ],
    };
    // A row per series and bucket in the PDF: 501 probes of one value each.
    const series = Array.from({ length: 501 }, (_, index) => ({
      key: { probe: `probe${index}` },
      buckets: [{ key: 'all', count: 1, value: index }],
    }));
    api
      .get(`/dashboards/personal/${weekly.id}`, bigTable)
      .post('/api/graphic', { kind: 'metric', metric: 'avg', warnings: [], series })
      .post(
        `/dashboards/personal/${weekly.id}/send`,
        answer(202, { result: { fileId: 'f1', status: 'inProgress' }, warnings: [] }),
      );
    const { user } = await renderScreen(<PersonalDashboardsPage />, { path, at: `${path}?dashboard=${weekly.id}` });
    await user.click(await screen.findByRole('button', { name: 'Send as PDF' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send as PDF' });
    expect(dialog).toHaveTextContent('A table in this dashboard is larger than the PDF page');
    await user.click(within(dialog).getByRole('button', { name: 'Send anyway' }));
    expect(await screen.findByText(/you will receive an e-mail with its link/)).toBeInTheDocument();
    expect(api.sent('POST', `/dashboards/personal/${weekly.id}/send`)[0]?.body).toEqual({
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });
});
