import { translate } from '@nq/contracts/errors/index';
import { probeFieldsSchema } from '@nq/contracts/fleet/probe';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, type FakeApi, fakeApi, pagedList } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn } from '../../../shared/testing/render-screen.tsx';
import type { Probe } from '../api/probes-api.ts';
import ProbeFormPage from './ProbeFormPage.tsx';

const listPage = { path: '/probes_configuration', element: <h1>Probes list</h1> };
const newProbe = { path: '/probes_configuration/new', routes: [listPage] };

const stored: Probe = {
  id: 'p-mad010',
  probeId: 'mad010',
  name: 'Madrid 10',
  family: 'Cube',
  type: 'landline',
  status: 'Ready',
  deployment: 'Production',
  tags: [],
  latitude: 40.4,
  longitude: -3.7,
  owner: 'Operations',
  version: 7,
};

let api: FakeApi;
beforeEach(() => {
  api = fakeApi().get('/task-suites/', pagedList([{ id: 's-home', name: 'Home suite' }]));
  signIn(api);
});

describe('Probe form (fleet, drawn from the probe contract)', () => {
  it('creates a probe from the contract’s fields, the task suite chosen by name, and goes back to the list', async () => {
    api.post('/probes/', { id: 'p-mad011', version: 1, entity: null, warnings: [] });
    const { user } = await renderScreen(<ProbeFormPage />, newProbe);

    expect(screen.getByRole('heading', { name: 'New probe' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Probe id *' }), 'mad011');
    await user.type(screen.getByRole('textbox', { name: 'Name *' }), 'Madrid 11');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Probe family *' }), 'Cube');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type *' }), 'Landline');
    const taskSuite = screen.getByRole('combobox', { name: 'Task suite' });
    await waitFor(() => expect(taskSuite).toHaveTextContent('Home suite'));
    await user.selectOptions(taskSuite, 'Home suite');
    await user.type(screen.getByRole('spinbutton', { name: 'Latitude' }), '40.42');
    await user.type(screen.getByRole('spinbutton', { name: 'Longitude' }), '-3.7');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { name: 'Probes list' })).toBeInTheDocument();
    const [body] = api.sent('POST', '/probes/').map((request) => request.body);
    expect(body).toMatchObject({
      probeId: 'mad011',
      name: 'Madrid 11',
      family: 'Cube',
      type: 'landline',
      taskSuite: 's-home',
      latitude: 40.42,
      longitude: -3.7,
      status: 'Not ready',
      deployment: 'Production',
    });
    expect(probeFieldsSchema.safeParse(body).success).toBe(true);
  });

  it('warns while the probe has no coordinates', async () => {
    const { user } = await renderScreen(<ProbeFormPage />, newProbe);
    const warning = translate('probes.noCoordinates', 'en');
    expect(screen.getByText(warning, { exact: false })).toBeInTheDocument();

    await user.type(screen.getByRole('spinbutton', { name: 'Latitude' }), '40.42');
    await user.type(screen.getByRole('spinbutton', { name: 'Longitude' }), '-3.7');

    expect(screen.queryByText(warning, { exact: false })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal under the fields it names, in Spanish, and stays on the form', async () => {
    api.post(
      '/probes/',
      answer(400, {
        code: 'request.invalid',
        details: {
          fields: [
            { field: 'body.name', code: 'validation.required', message: 'Required' },
            { field: 'body.latitude', code: 'probes.latitudeInvalid', message: 'Bad latitude' },
          ],
        },
      }),
    );
    const { user } = await renderScreen(<ProbeFormPage />, { ...newProbe, language: 'es' });
    await user.type(screen.getByRole('textbox', { name: 'Identificador de sonda *' }), 'mad011');
    await user.type(screen.getByRole('spinbutton', { name: 'Latitud' }), '140');

    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Nombre *' })).toHaveAccessibleDescription(
        translate('validation.required', 'es'),
      ),
    );
    expect(screen.getByRole('spinbutton', { name: 'Latitud' })).toHaveAccessibleDescription(
      translate('probes.latitudeInvalid', 'es'),
    );
    expect(screen.getByTestId('form-error')).toHaveTextContent(translate('request.invalid', 'es'));
    expect(screen.queryByRole('heading', { name: 'Probes list' })).not.toBeInTheDocument();
  });

  it('says a probe id is taken under the probe id', async () => {
    api.post('/probes/', answer(409, { code: 'probes.idExists' }));
    const { user } = await renderScreen(<ProbeFormPage />, newProbe);
    await user.type(screen.getByRole('textbox', { name: 'Probe id *' }), 'mad010');

    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Probe id *' })).toHaveAccessibleDescription(
        translate('probes.idExists', 'en'),
      ),
    );
  });

  it('edits a stored probe: its id shown but fixed, only what changed sent against its version', async () => {
    api.get('/probes/p-mad010', stored);
    api.put('/probes/p-mad010', { id: 'p-mad010', version: 8, entity: null, warnings: [] });
    const { user } = await renderScreen(<ProbeFormPage />, {
      path: '/probes_configuration/:id',
      at: '/probes_configuration/p-mad010',
      routes: [listPage],
    });

    expect(await screen.findByRole('heading', { name: 'Probe mad010' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Probe id *' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Probe id *' })).toHaveValue('mad010');
    const name = screen.getByRole('textbox', { name: 'Name *' });
    await user.clear(name);
    await user.type(name, 'Madrid ten');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { name: 'Probes list' })).toBeInTheDocument();
    expect(api.sent('PUT', '/probes/p-mad010').map((request) => request.body)).toEqual([
      { name: 'Madrid ten', expectedVersion: 7 },
    ]);
  });

  it('shows a stored probe’s agent above its fields: version, buffered and dropped results, clock offset', async () => {
    api.get('/probes/p-mad010', stored);
    api.get('/probes/mad010/status', {
      probeId: 'mad010',
      name: 'Madrid 10',
      type: 'landline',
      status: 'Ready',
      state: 'Available',
      lastReportAt: new Date().toISOString(),
      technology: 98,
      operator: null,
      battery: null,
      lastContactAt: new Date().toISOString(),
      softwareVersion: '1.9.3',
      bufferedResults: 250,
      droppedResults: 0,
      clockOffsetMs: 3_200,
    });
    await renderScreen(<ProbeFormPage />, {
      path: '/probes_configuration/:id',
      at: '/probes_configuration/p-mad010',
      language: 'es',
    });

    const agent = (await screen.findByRole('heading', { name: 'Agente' })).closest('section')!;
    expect(await within(agent).findByText('1.9.3')).toBeInTheDocument();
    expect(within(agent).getByText('250')).toBeInTheDocument();
    expect(within(agent).getByText('⚠ +3,2 s')).toBeInTheDocument();
    expect(within(agent).getByText(/^Más de ±2 s/)).toBeInTheDocument();
  });

  it('shows no agent while a probe is being created', async () => {
    await renderScreen(<ProbeFormPage />, newProbe);
    expect(screen.queryByRole('heading', { name: 'Agent' })).not.toBeInTheDocument();
  });
});
