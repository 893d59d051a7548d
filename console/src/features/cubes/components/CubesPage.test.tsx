import type { CubeRebuild } from '@nq/contracts/analytics/cube-status';
import { translate } from '@nq/contracts/errors/index';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { cubeFormPath } from '../../../shared/charts/query-coverage.ts';
import { answer, type FakeApi, fakeApi, pagedList } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn, testProfile } from '../../../shared/testing/render-screen.tsx';
import CubesPage from './CubesPage.tsx';
import { cubes, status } from './cubes-fixtures.ts';

const path = '/cubes_configuration';

let api: FakeApi;
beforeEach(() => {
  api = fakeApi().get('/api/cubes/', pagedList(cubes)).get('/api/cubes/status', status());
  signIn(api);
});

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

describe('Cubes (internal tools)', () => {
  it('lists each cube with its definition and figures: size, buckets, hit rate of the last day, lag, last rebuild', async () => {
    await renderScreen(<CubesPage />, { path });

    const national = await rowOf('national-daily');
    await within(national).findByRole('cell', { name: '123,456' });
    const cells = within(national);
    expect(cells.getByText('Year-long national views')).toBeInTheDocument();
    expect(cells.getByRole('cell', { name: 'Day (Europe/Madrid)' })).toBeInTheDocument();
    expect(cells.getByRole('cell', { name: 'Provider, Technology' })).toBeInTheDocument();
    expect(cells.getByRole('cell', { name: 'Download speed, Latency' })).toBeInTheDocument();
    expect(cells.getByRole('cell', { name: '365' })).toBeInTheDocument();
    // Buckets are days of the cube's zone.
    expect(cells.getByRole('cell', { name: 'Jan 1, 2025' })).toBeInTheDocument();
    expect(cells.getByRole('cell', { name: 'Dec 31, 2025' })).toBeInTheDocument();
    expect(cells.getByRole('cell', { name: '12.3 MB' })).toBeInTheDocument();
    // 30 of the 50 queries: 30 + 10 answered by the cubes, 10 from the raw measurements.
    expect(cells.getByText('60%')).toBeInTheDocument();
    expect(cells.getByText('30 of 50 queries')).toBeInTheDocument();
    expect(cells.getByRole('cell', { name: '1,500 measurements behind' })).toBeInTheDocument();
    expect(cells.getByText('Done')).toBeInTheDocument();
    expect(cells.getByText(/^5,000 rows,/)).toBeInTheDocument();
    expect(cells.getByRole('link', { name: 'History national-daily' })).toHaveAttribute(
      'href',
      '/settings_history?kind=cube&id=cube-national',
    );

    const probes = within(await rowOf('hourly-probes'));
    expect(probes.getByRole('cell', { name: 'Hour (UTC)' })).toBeInTheDocument();
    expect(probes.getByRole('cell', { name: 'Every KPI' })).toBeInTheDocument();
    expect(probes.getByText('20%')).toBeInTheDocument();
    expect(probes.getByRole('cell', { name: 'Unknown' })).toBeInTheDocument();
    expect(probes.getByRole('cell', { name: 'Never' })).toBeInTheDocument();
    expect(screen.getByText(/10 queries were answered from the raw measurements/)).toBeInTheDocument();
    expect(screen.getByTestId('cubes-help')).toHaveTextContent('source: cube <name>');
  });

  it('says there is no cube yet, and what a cube is, in Spanish', async () => {
    api.get('/api/cubes/', pagedList([])).get('/api/cubes/status', { cubes: [], rawQueries: 0 });
    await renderScreen(<CubesPage />, { path, language: 'es' });

    expect(await screen.findByText(/^Todavía no hay cubos\./)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Configuración de cubos' })).toBeInTheDocument();
    expect(screen.getByTestId('cubes-help')).toHaveTextContent('source: cube <nombre>');
  });

  it('creates a cube of days in a zone: its name problem, as the server words it, shows under the name', async () => {
    api.post('/api/cubes/', (request) =>
      /^[a-z0-9][a-z0-9_-]*$/.test(String((request.body as { name: string }).name))
        ? answer(201, { id: 'cube-new', version: 1, entity: null, warnings: [] })
        : answer(400, {
            code: 'request.invalid',
            details: { fields: [{ field: 'body.name', code: 'cubes.nameFormat', message: 'bad name' }] },
          }),
    );
    const { user } = await renderScreen(<CubesPage />, { path });
    await user.click(screen.getByRole('button', { name: 'New' }));
    const form = within(screen.getByRole('dialog', { name: 'New cube' }));

    expect(form.queryByRole('combobox', { name: 'Time zone' })).not.toBeInTheDocument();
    await user.type(form.getByRole('textbox', { name: 'Name *' }), 'Regional Days');
    await user.type(form.getByRole('textbox', { name: 'Description' }), 'By region');
    await user.selectOptions(form.getByRole('combobox', { name: 'Time bucket' }), 'Day');
    await user.selectOptions(form.getByRole('combobox', { name: 'Time zone' }), 'Europe/Madrid');
    await user.click(form.getByRole('checkbox', { name: 'Technology' }));
    await user.click(form.getByRole('checkbox', { name: 'Provider' }));
    expect(form.getByText('None chosen: the cube keeps every KPI.')).toBeInTheDocument();
    await user.selectOptions(form.getByRole('listbox', { name: 'KPIs' }), ['download', 'upload']);
    await user.click(form.getByRole('button', { name: 'Save' }));

    const name = form.getByRole('textbox', { name: 'Name *' });
    await waitFor(() => expect(name).toHaveAccessibleDescription(translate('cubes.nameFormat', 'en')));
    expect(screen.getByRole('dialog', { name: 'New cube' })).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, 'regional-days');
    await user.click(form.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(api.sent('POST', '/api/cubes/').map((request) => request.body)).toEqual([
      {
        name: 'Regional Days',
        description: 'By region',
        grain: 'day',
        timeZone: 'Europe/Madrid',
        dimensions: ['provider', 'technology'],
        kpis: ['download', 'upload'],
      },
      {
        name: 'regional-days',
        description: 'By region',
        grain: 'day',
        timeZone: 'Europe/Madrid',
        dimensions: ['provider', 'technology'],
        kpis: ['download', 'upload'],
      },
    ]);
  });

  it('opens the form filled in with the cube a slow chart suggested, and forgets it from the address', async () => {
    api.post('/api/cubes/', answer(201, { id: 'cube-new', version: 1, entity: null, warnings: [] }));
    const suggested = cubeFormPath({
      name: 'daily-provider-technology-download',
      grain: 'day',
      timeZone: 'Europe/Madrid',
      dimensions: ['provider', 'technology'],
      kpis: ['download'],
    });
    const { user, router } = await renderScreen(<CubesPage />, { path, at: suggested });
    const form = within(await screen.findByRole('dialog', { name: 'New cube' }));
    expect(form.getByRole('textbox', { name: 'Name *' })).toHaveValue('daily-provider-technology-download');
    expect(form.getByRole('combobox', { name: 'Time bucket' })).toHaveValue('day');
    expect(form.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Madrid');
    expect(form.getByRole('checkbox', { name: 'Provider' })).toBeChecked();
    expect(form.getByRole('checkbox', { name: 'Technology' })).toBeChecked();
    expect(form.getByRole('checkbox', { name: 'Probe' })).not.toBeChecked();
    await waitFor(() => expect(router.state.location.search).toBe(''));

    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(api.sent('POST', '/api/cubes/').map((request) => request.body)).toEqual([
      {
        name: 'daily-provider-technology-download',
        grain: 'day',
        timeZone: 'Europe/Madrid',
        dimensions: ['provider', 'technology'],
        kpis: ['download'],
      },
    ]);
  });

  it('creates an hourly cube of every KPI in UTC, and shows a name taken under the name, in Spanish', async () => {
    api.post('/api/cubes/', answer(409, { code: 'cubes.nameExists', details: { field: 'cube-name' } }));
    const { user } = await renderScreen(<CubesPage />, { path, language: 'es' });
    await user.click(screen.getByRole('button', { name: 'Nuevo' }));
    const form = within(screen.getByRole('dialog', { name: 'Nuevo cubo' }));

    await user.type(form.getByRole('textbox', { name: 'Nombre *' }), 'hourly-probes');
    await user.click(form.getByRole('button', { name: 'Guardar' }));

    await waitFor(() =>
      expect(form.getByRole('textbox', { name: 'Nombre *' })).toHaveAccessibleDescription(
        translate('cubes.nameExists', 'es'),
      ),
    );
    expect(api.sent('POST', '/api/cubes/').map((request) => request.body)).toEqual([
      { name: 'hourly-probes', grain: 'hour', timeZone: 'Etc/UTC', dimensions: [], kpis: [] },
    ]);
  });

  it('edits only the name and description: grain, zone, dimensions and KPIs show read-only', async () => {
    api.put('/api/cubes/cube-national', { id: 'cube-national', version: 3, entity: null, warnings: [] });
    const { user } = await renderScreen(<CubesPage />, { path });
    await user.click(await screen.findByRole('button', { name: 'Edit national-daily' }));
    const form = within(screen.getByRole('dialog', { name: 'Edit: national-daily' }));

    expect(form.getByRole('textbox', { name: 'Name *' })).toBeEnabled();
    expect(form.getByRole('combobox', { name: 'Time bucket' })).toBeDisabled();
    expect(form.getByRole('combobox', { name: 'Time bucket' })).toHaveValue('day');
    expect(form.getByRole('combobox', { name: 'Time zone' })).toBeDisabled();
    expect(form.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Madrid');
    expect(form.getByRole('checkbox', { name: 'Provider' })).toBeChecked();
    expect(form.getByRole('checkbox', { name: 'Provider' })).toBeDisabled();
    expect(form.getByRole('checkbox', { name: 'Probe' })).not.toBeChecked();
    expect(form.getByRole('checkbox', { name: 'Probe' })).toBeDisabled();
    expect(form.getByRole('listbox', { name: 'KPIs' })).toBeDisabled();
    expect(form.getByText('Chosen: Download speed, Latency')).toBeInTheDocument();
    expect(form.getByText(/clone the cube to change it/)).toBeInTheDocument();

    await user.clear(form.getByRole('textbox', { name: 'Description' }));
    await user.type(form.getByRole('textbox', { name: 'Description' }), 'National, by day');
    await user.click(form.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(api.sent('PUT', '/api/cubes/cube-national').map((request) => request.body)).toEqual([
      { description: 'National, by day', expectedVersion: 2 },
    ]);
  });

  it('clones a cube into another with a different definition', async () => {
    api.post('/api/cubes/cube-probes/clone', answer(201, { id: 'cube-copy', version: 1, entity: null, warnings: [] }));
    const { user } = await renderScreen(<CubesPage />, { path });
    await user.click(await screen.findByRole('button', { name: 'Clone hourly-probes' }));
    const form = within(screen.getByRole('dialog', { name: 'Clone: hourly-probes' }));

    expect(form.getByRole('textbox', { name: 'Name *' })).toHaveValue('');
    expect(form.getByRole('checkbox', { name: 'Probe' })).toBeChecked();
    await user.type(form.getByRole('textbox', { name: 'Name *' }), 'hourly-probes-tech');
    await user.click(form.getByRole('checkbox', { name: 'Technology' }));
    await user.click(form.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(api.sent('POST', '/api/cubes/cube-probes/clone').map((request) => request.body)).toEqual([
      {
        name: 'hourly-probes-tech',
        description: '',
        grain: 'hour',
        timeZone: 'Etc/UTC',
        dimensions: ['technology', 'probe'],
        kpis: [],
      },
    ]);
  });

  it('rebuilds a cube over the range asked, then follows its progress until it is done', async () => {
    let probesRebuild: CubeRebuild | undefined;
    const queued: CubeRebuild = {
      rebuildId: 'rb-2',
      state: 'queued',
      from: '2025-01-01T00:00:00.000Z',
      to: '2025-04-01T00:00:00.000Z',
      done: 0,
      requestedAt: '2026-01-02T09:00:00.000Z',
    };
    api.get('/api/cubes/status', () => status(probesRebuild));
    api.post('/api/cubes/cube-probes/rebuild', () => {
      probesRebuild = { ...queued, state: 'running', done: 400, total: 1_000 };
      return answer(202, queued);
    });
    const { user } = await renderScreen(<CubesPage />, { path });
    await user.click(await screen.findByRole('button', { name: 'Rebuild hourly-probes' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Rebuild hourly-probes' }));

    await user.clear(dialog.getByLabelText('From'));
    await user.type(dialog.getByLabelText('From'), '2025-01-01');
    await user.clear(dialog.getByLabelText('To'));
    await user.type(dialog.getByLabelText('To'), '2025-03-31');
    await user.click(dialog.getByRole('button', { name: 'Start rebuild' }));

    // Queued as the server answered, then running as the status reports it.
    expect(await dialog.findByText('400 of 1,000 measurements (40%)')).toBeInTheDocument();
    const bar = dialog.getByRole('progressbar', { name: 'Rebuild progress of hourly-probes' });
    expect(bar).toHaveAttribute('value', '400');
    expect(bar).toHaveAttribute('max', '1000');
    expect(api.sent('POST', '/api/cubes/cube-probes/rebuild').map((request) => request.body)).toEqual([
      { from: '2025-01-01', to: '2025-03-31' },
    ]);
    // The list shows it too.
    expect(within(await rowOf('hourly-probes')).getByText('Running')).toBeInTheDocument();

    // The status is read again every few seconds while it runs.
    probesRebuild = { ...queued, state: 'done', done: 1_000, total: 1_000, rows: 90, finishedAt: queued.requestedAt };
    expect(await dialog.findByText('The rebuild has finished.', {}, { timeout: 8_000 })).toBeInTheDocument();
    expect(dialog.queryByRole('progressbar')).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Rebuild hourly-probes' })).not.toBeInTheDocument();
  });

  it('shows a range the server refuses under its end, in Spanish, and keeps the dialog open', async () => {
    api.post(
      '/api/cubes/cube-national/rebuild',
      answer(400, { code: 'cubes.rebuildRange', params: { maxDays: 3660 } }),
    );
    const { user } = await renderScreen(<CubesPage />, { path, language: 'es' });
    await user.click(await screen.findByRole('button', { name: 'Reconstruir national-daily' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Reconstruir national-daily' }));

    await user.click(dialog.getByRole('button', { name: 'Empezar la reconstrucción' }));

    await waitFor(() =>
      expect(dialog.getByLabelText('Hasta')).toHaveAccessibleDescription(
        translate('cubes.rebuildRange', 'es', { maxDays: 3660 }),
      ),
    );
    expect(api.sent('POST', '/api/cubes/cube-national/rebuild')).toHaveLength(1);
  });

  it('shows a profile that is not an administrator the cubes without the means to change them', async () => {
    signIn(api, testProfile({ rol: 'user' }));
    await renderScreen(<CubesPage />, { path });

    expect(await screen.findByText(translate('auth.adminOnly', 'en'))).toBeInTheDocument();
    expect(await screen.findByText('national-daily')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rebuild national-daily' })).not.toBeInTheDocument();
  });
});
