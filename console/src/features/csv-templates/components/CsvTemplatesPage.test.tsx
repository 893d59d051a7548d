import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, type FakeApi, fakeApi } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn, testProfile } from '../../../shared/testing/render-screen.tsx';
import type { CsvTemplateView } from '../api/csv-templates-api.ts';
import CsvTemplatesPage from './CsvTemplatesPage.tsx';

const profile = testProfile({
  service: 'mobile',
  programs: [
    { id: 'speedtest', type: 2, program: 'Speed test' },
    { id: 'ping', type: 3, program: 'Ping' },
  ],
});
const view = (id: string, name: string, order: number, changes: Partial<CsvTemplateView> = {}): CsvTemplateView => ({
  id,
  name,
  service: 'mobile',
  columns: [{ field: 'probeId', operation: 'value' }],
  active: true,
  builtIn: id === 'default',
  favorite: false,
  order,
  body: 'probeId',
  ...changes,
});
const base = '/api/types/mobile/programs/speedtest,ping/csv/templates';

describe('CSV templates screen', () => {
  let api: FakeApi;
  let templates: CsvTemplateView[];
  beforeEach(() => {
    api = fakeApi();
    signIn(api, profile);
    templates = [
      view('default', 'Default template', 0, { favorite: true }),
      view('a', 'Speeds', 1),
      view('b', 'Latency', 2),
    ];
    api.get(base, () => ({ result: templates, technologies: [4, 5], warnings: [] }));
  });

  const names = () => screen.getAllByTestId('template-name').map((name) => name.textContent);

  it("lists the profile's templates of its programs, the default one first, and keeps the programs in the address", async () => {
    const { user, router } = await renderScreen(<CsvTemplatesPage />, { path: '/csv_templates' });
    expect(await screen.findByText('Speeds')).toBeTruthy();
    expect(names()).toEqual(['Default template', 'Speeds', 'Latency']);
    expect(screen.getByRole('button', { name: 'Favorite: Default template' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    api.get('/api/types/mobile/programs/speedtest/csv/templates', {
      result: [templates[0]],
      technologies: [],
      warnings: [],
    });
    await user.click(screen.getByRole('checkbox', { name: 'Ping' }));
    await waitFor(() => expect(router.state.location.search).toBe('?programs=speedtest'));
    await waitFor(() => expect(names()).toEqual(['Default template']));
  });

  it('moves a template with the keyboard, announces it and sends the new order', async () => {
    api.put('/profile/csvTemplates/order', { result: { favorites: ['default'], order: ['b', 'a'] } });
    const { user } = await renderScreen(<CsvTemplatesPage />, { path: '/csv_templates' });
    await screen.findByText('Latency');
    screen.getByRole('button', { name: 'Reorder Latency' }).focus();
    await user.keyboard('{ArrowUp}');
    expect(names()).toEqual(['Default template', 'Latency', 'Speeds']);
    expect(screen.getByTestId('announcement').textContent).toBe('Latency moved to position 1 of 2.');
    await waitFor(() =>
      expect(api.sent('PUT', '/profile/csvTemplates/order')[0]?.body).toEqual({ templateIds: ['b', 'a'] }),
    );
    // The default template stays first: nothing moves above it.
    expect(screen.getByRole('button', { name: 'Move Latency up' }).hasAttribute('disabled')).toBe(true);
    await user.keyboard('{ArrowUp}');
    expect(names()).toEqual(['Default template', 'Latency', 'Speeds']);
  });

  it('shows in place, in Spanish, why the last favourite cannot be unmarked', async () => {
    api.put('/profile/csvTemplates/default/favorite', answer(422, { code: 'csvTemplates.lastFavorite' }));
    const { user } = await renderScreen(<CsvTemplatesPage />, { path: '/csv_templates', language: 'es' });
    await user.click(await screen.findByRole('button', { name: 'Favorita: Plantilla predeterminada' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Al menos una plantilla CSV debe seguir marcada como favorita.',
    );
  });

  it('creates a template from its columns, previewing the header row, and shows a column problem at its row', async () => {
    api.post(base, (request) =>
      (request.body as { columns: unknown[] }).columns.length > 1
        ? answer(422, {
            code: 'csvTemplates.kpiNotOfProgram',
            params: { program: 'ping', kpi: 'download' },
            details: { field: 'columns.1.key' },
          })
        : { result: view('c', 'Only ids', 3), position: '1' },
    );
    const { user } = await renderScreen(<CsvTemplatesPage />, { path: '/csv_templates' });
    await user.click(await screen.findByRole('button', { name: 'New template' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'Only ids');
    await user.click(within(dialog).getByRole('button', { name: 'Remove column 3' }));
    await user.selectOptions(within(dialog).getByLabelText('Program of column 2'), 'speedtest');
    await user.selectOptions(within(dialog).getByLabelText('Kind of column 2'), 'key');
    await user.selectOptions(within(dialog).getByLabelText('Operation of column 2'), 'avg');
    expect(within(dialog).getByTestId('body-preview').textContent).toBe('measurementId,speedtest download (avg)');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The program ping does not measure the KPI download.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Remove column 2' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('POST', base).at(-1)?.body).toEqual({
      name: 'Only ids',
      active: true,
      columns: [{ field: 'measurementId', operation: 'value' }],
    });
  });

  it('deletes a template after a confirmation, and shows a refusal in the dialog', async () => {
    api.delete(`${base}/a`, answer(422, { code: 'csvTemplates.lastFavorite' }));
    const { user } = await renderScreen(<CsvTemplatesPage />, { path: '/csv_templates' });
    await user.click(await screen.findByRole('button', { name: 'Delete Speeds' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(/Delete the template Speeds\?/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'At least one CSV template must stay favorite.',
    );
  });

  it("offers an administrator the templates of every service it sees, a user only its profile's service", async () => {
    signIn(api, { ...profile, rol: 'admin' });
    const landline = '/api/types/landline/programs/speedtest,ping/csv/templates';
    api.get(landline, { result: [view('default', 'Default template', 0, { service: 'landline' })], warnings: [] });
    const { user, router } = await renderScreen(<CsvTemplatesPage />, { path: '/csv_templates' });
    const service = (await screen.findByRole('combobox', { name: 'Service' })) as HTMLSelectElement;
    expect(service.disabled).toBe(false);
    expect([...service.options].map((option) => option.textContent)).toEqual(['Landline', 'Mobile']);
    await user.selectOptions(service, 'landline');
    await waitFor(() => expect(router.state.location.search).toBe('?service=landline'));
    await waitFor(() => expect(api.sent('GET', landline)).toHaveLength(1));
  });

  it('keeps a user to its service, and names the programs in Spanish with every label around them', async () => {
    await renderScreen(<CsvTemplatesPage />, {
      path: '/csv_templates',
      at: '/csv_templates?service=landline',
      language: 'es',
    });
    const service = (await screen.findByRole('combobox', { name: 'Servicio' })) as HTMLSelectElement;
    expect(service.disabled).toBe(true);
    expect([...service.options].map((option) => option.textContent)).toEqual(['Móvil']);
    const programs = screen.getByRole('group', { name: 'Programas' });
    expect(within(programs).getByRole('checkbox', { name: 'Prueba de velocidad' })).toBeTruthy();
    expect(within(programs).getByRole('checkbox', { name: 'Ping' })).toBeTruthy();
    expect(api.sent('GET', '/api/types/landline/programs/speedtest,ping/csv/templates')).toHaveLength(0);
  });
});
