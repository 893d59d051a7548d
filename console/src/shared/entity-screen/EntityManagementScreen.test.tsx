import { translate } from '@nq/contracts/errors/index';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Entity } from '../api/entities.ts';
import { i18next } from '../i18n/i18n.ts';
import { answer, type FakeApi, fakeApi, pagedList } from '../testing/fake-api.ts';
import { renderScreen, signIn, testProfile } from '../testing/render-screen.tsx';
import { EntityManagementScreen, type EntityManagementScreenProps } from './EntityManagementScreen.tsx';
import type { FieldSpec } from './field-spec.ts';

type City = Entity & { name: string; population?: number; region?: string };

const fields: FieldSpec[] = [
  { name: 'name', label: 'name', kind: 'text', required: true, hint: 'nameHint' },
  { name: 'population', label: 'population', kind: 'number' },
  { name: 'districts', label: 'districts', kind: 'list' },
  { name: 'settings', label: 'settings', kind: 'json' },
  {
    name: 'region',
    label: 'region',
    kind: 'select',
    options: [
      { value: 'north', label: 'North' },
      { value: 'centre', label: 'Centre' },
    ],
  },
  { name: 'capital', label: 'capital', kind: 'checkbox' },
];

const texts = {
  en: {
    title: 'Cities',
    createTitle: 'New city',
    name: 'Name',
    nameHint: 'As its people write it',
    population: 'Population',
    districts: 'Districts',
    settings: 'Settings',
    region: 'Region',
    capital: 'Capital',
  },
  es: {
    title: 'Ciudades',
    createTitle: 'Nueva ciudad',
    name: 'Nombre',
    nameHint: 'Como la escriben sus vecinos',
    population: 'Población',
    districts: 'Distritos',
    settings: 'Ajustes',
    region: 'Región',
    capital: 'Capital',
  },
};

const townNames = Array.from({ length: 25 }, (_, index) => `Town ${String(index + 1).padStart(2, '0')}`);
let cities: City[];
let api: FakeApi;

function CitiesScreen(props: Partial<EntityManagementScreenProps<City>>) {
  return (
    <EntityManagementScreen<City>
      namespace="cities"
      basePath="/cities"
      sort="name"
      columns={[
        { key: 'name', header: 'Name' },
        { key: 'population', header: 'Population' },
      ]}
      fields={fields}
      errorCodes={{ fetch: 'tags.fetchFailed', delete: 'tags.deleteFailed' }}
      {...props}
    />
  );
}

const shownNames = () =>
  within(screen.getByRole('table', { name: /Cities|Ciudades/ }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

beforeAll(() => {
  i18next.addResourceBundle('en', 'cities', texts.en);
  i18next.addResourceBundle('es', 'cities', texts.es);
});

beforeEach(() => {
  cities = [
    { id: 'c-madrid', name: 'Madrid', population: 3_300_000, region: 'centre', version: 4 },
    { id: 'c-bilbao', name: 'Bilbao', population: 345_000, region: 'north', version: 1 },
    { id: 'c-barcelona', name: 'Barcelona', population: 1_600_000, version: 2 },
    { id: 'c-sevilla', name: 'Sevilla', population: 680_000, version: 1 },
    { id: 'c-valencia', name: 'Valencia', population: 790_000, version: 1 },
    ...townNames.map((name, index) => ({ id: `t-${index + 1}`, name, version: 1 })),
  ];
  api = fakeApi().get('/cities/', pagedList(cities));
  signIn(api);
});

describe('EntityManagementScreen: the list', () => {
  it('shows the first page of rows by name, under the screen title, asking the API for them sorted by name', async () => {
    await renderScreen(<CitiesScreen />);

    expect(screen.getByRole('heading', { name: 'Cities' })).toBeInTheDocument();
    await waitFor(() => expect(shownNames()).toHaveLength(25));
    expect(shownNames().slice(0, 3)).toEqual(['Madrid', 'Bilbao', 'Barcelona']);
    expect(screen.getByRole('cell', { name: '3300000' })).toBeInTheDocument();
    expect(screen.getByText('30 in total')).toBeInTheDocument();
    expect(api.sent('GET', '/cities/')[0]?.query.get('sort')).toBe('name');
  });

  it('pages: the next page shows the rows after the first 25, a larger page shows them all', async () => {
    const { user } = await renderScreen(<CitiesScreen />);
    await screen.findByRole('cell', { name: 'Madrid' });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(shownNames()).toEqual(['Town 21', 'Town 22', 'Town 23', 'Town 24', 'Town 25']));
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
    await waitFor(() => expect(shownNames()).toHaveLength(30));
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
  });

  it('searches: only the rows whose name holds the text, from the first page', async () => {
    const { user } = await renderScreen(<CitiesScreen />);
    await screen.findByRole('cell', { name: 'Madrid' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 2');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ba');

    await waitFor(() => expect(shownNames()).toEqual(['Bilbao', 'Barcelona']));
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
  });

  it('toasts the screen’s own message when the list cannot be read', async () => {
    api.get('/cities/', answer(500, { code: 'internal.error' }));
    await renderScreen(<CitiesScreen />);

    expect(await screen.findByRole('alert')).toHaveTextContent(translate('tags.fetchFailed', 'en'));
  });
});

describe('EntityManagementScreen: delete', () => {
  it('asks before deleting a row; cancelling keeps it and sends nothing', async () => {
    const { user } = await renderScreen(<CitiesScreen />);
    await user.click(await screen.findByRole('button', { name: 'Delete Madrid' }));

    const dialog = screen.getByRole('dialog', { name: 'Delete' });
    expect(dialog).toHaveTextContent('Delete Madrid? This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.sent('DELETE', '/cities/c-madrid')).toHaveLength(0);
    expect(screen.getByRole('cell', { name: 'Madrid' })).toBeInTheDocument();
  });

  it('deletes the row once confirmed, says so and shows the list without it', async () => {
    api.delete('/cities/c-madrid', () => {
      cities.splice(0, 1);
      return { id: 'c-madrid', version: 5, entity: null, warnings: [] };
    });
    const { user } = await renderScreen(<CitiesScreen />);
    await user.click(await screen.findByRole('button', { name: 'Delete Madrid' }));

    await user.click(within(screen.getByRole('dialog', { name: 'Delete' })).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Deleted');
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Madrid' })).not.toBeInTheDocument());
    expect(api.sent('DELETE', '/cities/c-madrid')).toHaveLength(1);
  });

  it('toasts the refusal in the interface language and keeps the row', async () => {
    api.delete('/cities/c-madrid', answer(409, { code: 'geofilters.inUse' }));
    const { user } = await renderScreen(<CitiesScreen />, { language: 'es' });
    await user.click(await screen.findByRole('button', { name: 'Eliminar Madrid' }));

    await user.click(
      within(screen.getByRole('dialog', { name: 'Eliminar' })).getByRole('button', { name: 'Eliminar' }),
    );

    expect(await screen.findByRole('alert')).toHaveTextContent(translate('geofilters.inUse', 'es'));
    expect(screen.getByRole('cell', { name: 'Madrid' })).toBeInTheDocument();
  });
});

describe('EntityManagementScreen: the form', () => {
  it('labels each field (required ones marked) with its hint, and sends the values as the API takes them', async () => {
    api.post('/cities/', { id: 'c-toledo', version: 1, entity: null, warnings: [] });
    const { user } = await renderScreen(<CitiesScreen />);
    await user.click(screen.getByRole('button', { name: 'New' }));
    const form = screen.getByRole('dialog', { name: 'New city' });

    expect(within(form).getByText('As its people write it')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'Name *' }), 'Toledo');
    await user.type(within(form).getByRole('spinbutton', { name: 'Population' }), '85000');
    await user.type(within(form).getByRole('textbox', { name: 'Districts' }), 'Centro{Enter}Antequeruela');
    await user.click(within(form).getByRole('textbox', { name: 'Settings' }));
    await user.paste('{"zone": 2}');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Region' }), 'Centre');
    await user.click(within(form).getByRole('checkbox', { name: 'Capital' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Saved');
    // The toast and the dialog's closing follow the same answer, in no fixed order.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent('POST', '/cities/').map((request) => request.body)).toEqual([
      {
        name: 'Toledo',
        population: 85000,
        districts: ['Centro', 'Antequeruela'],
        settings: { zone: 2 },
        region: 'centre',
        capital: true,
      },
    ]);
  });

  it('refuses a value it cannot read with the catalogue message under its field, in Spanish, sending nothing', async () => {
    const { user } = await renderScreen(<CitiesScreen />, { language: 'es' });
    await user.click(screen.getByRole('button', { name: 'Nuevo' }));
    const form = screen.getByRole('dialog', { name: 'Nueva ciudad' });
    await user.type(within(form).getByRole('textbox', { name: 'Nombre *' }), 'Toledo');
    await user.click(within(form).getByRole('textbox', { name: 'Ajustes' }));
    await user.paste('{"zone": ');

    await user.click(within(form).getByRole('button', { name: 'Guardar' }));

    expect(within(form).getByRole('textbox', { name: 'Ajustes' })).toHaveAccessibleDescription(
      translate('request.invalid', 'es'),
    );
    expect(api.sent('POST', '/cities/')).toHaveLength(0);
  });

  it('shows the server’s problem with a field under that field, in the interface language', async () => {
    api.post(
      '/cities/',
      answer(400, {
        code: 'request.invalid',
        details: {
          fields: [{ field: 'body.name', code: 'validation.tooLong', params: { max: 64 }, message: 'too long' }],
        },
      }),
    );
    const { user } = await renderScreen(<CitiesScreen />, { language: 'es' });
    await user.click(screen.getByRole('button', { name: 'Nuevo' }));
    const form = screen.getByRole('dialog', { name: 'Nueva ciudad' });
    await user.type(within(form).getByRole('textbox', { name: 'Nombre *' }), 'Toledo');

    await user.click(within(form).getByRole('button', { name: 'Guardar' }));

    await waitFor(() =>
      expect(within(form).getByRole('textbox', { name: 'Nombre *' })).toHaveAccessibleDescription(
        translate('validation.tooLong', 'es', { max: 64 }),
      ),
    );
    expect(screen.getByRole('dialog', { name: 'Nueva ciudad' })).toBeInTheDocument();
  });

  it('edits a row: the form starts from its values and sends only what changed, against its version', async () => {
    api.put('/cities/c-madrid', { id: 'c-madrid', version: 5, entity: null, warnings: [] });
    const { user } = await renderScreen(<CitiesScreen />);
    await user.click(await screen.findByRole('button', { name: 'Edit Madrid' }));
    const form = screen.getByRole('dialog', { name: 'Edit: Madrid' });

    expect(within(form).getByRole('textbox', { name: 'Name *' })).toHaveValue('Madrid');
    expect(within(form).getByRole('combobox', { name: 'Region' })).toHaveDisplayValue('Centre');
    const population = within(form).getByRole('spinbutton', { name: 'Population' });
    await user.clear(population);
    await user.type(population, '3400000');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(api.sent('PUT', '/cities/c-madrid').map((request) => request.body)).toEqual([
        { population: 3_400_000, expectedVersion: 4 },
      ]),
    );
  });
});

describe('EntityManagementScreen: administrators’ writes', () => {
  it('shows a user who is not an administrator the list without write buttons, and why', async () => {
    signIn(api, testProfile({ rol: 'user' }));
    await renderScreen(<CitiesScreen adminOnlyWrites />);

    expect(await screen.findByText(translate('auth.adminOnly', 'en'))).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Madrid' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Madrid' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Madrid' })).not.toBeInTheDocument();
  });

  it('gives an administrator the write buttons', async () => {
    await renderScreen(<CitiesScreen adminOnlyWrites />);

    expect(await screen.findByRole('button', { name: 'Delete Madrid' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New' })).toBeInTheDocument();
    expect(screen.queryByText(translate('auth.adminOnly', 'en'))).not.toBeInTheDocument();
  });
});
