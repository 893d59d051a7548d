import { measurePolygon } from '@nq/contracts/configuration/polygon-measures';
import { translate } from '@nq/contracts/errors/index';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, type FakeApi, fakeApi, pagedList } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn } from '../../../shared/testing/render-screen.tsx';
import type { Geofilter } from '../api/geofilters-api.ts';
import GeofiltersPage from './GeofiltersPage.tsx';

const madridRing = [
  [-3.8, 40.3],
  [-3.6, 40.3],
  [-3.6, 40.5],
  [-3.8, 40.5],
  [-3.8, 40.3],
];
const geoJsonFile = (name: string, text: string) => new File([text], name, { type: 'application/geo+json' });
const madridFile = geoJsonFile(
  'madrid.geojson',
  JSON.stringify({
    type: 'FeatureCollection',
    features: [{ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [madridRing] } }],
  }),
);

const centre: Geofilter = {
  id: 'g-centre',
  name: 'Centre',
  special: true,
  polygon: measurePolygon({ type: 'Polygon', coordinates: [madridRing] }),
  owner: 'Operations',
  updatedAt: '2026-03-02T10:00:00.000Z',
  version: 2,
};
const coast: Geofilter = { ...centre, id: 'g-coast', name: 'Coast', special: false, version: 1 };

const path = '/geofilters_management';
let api: FakeApi;
beforeEach(() => {
  api = fakeApi().get('/api/geofilters/', pagedList([centre, coast]));
  signIn(api);
});

describe('Geographic filters (geo)', () => {
  it('lists the filters by name, with whether each is special and who made it', async () => {
    await renderScreen(<GeofiltersPage />, { path });

    const centreRow = (await screen.findByRole('link', { name: 'Centre' })).closest('tr')!;
    expect(within(centreRow).getByRole('cell', { name: 'Yes' })).toBeInTheDocument();
    expect(within(centreRow).getByRole('cell', { name: 'Operations' })).toBeInTheDocument();
    const coastRow = screen.getByRole('link', { name: 'Coast' }).closest('tr')!;
    expect(within(coastRow).getByRole('cell', { name: 'No' })).toBeInTheDocument();
    expect(api.sent('GET', '/api/geofilters/')[0]?.query.get('sort')).toBe('name');
  });

  it('refuses a new filter without a name or a polygon, by the contract’s rules, before any call', async () => {
    const { user } = await renderScreen(<GeofiltersPage />, { path, language: 'es' });
    await user.click(screen.getByRole('link', { name: 'Nuevo' }));
    expect(await screen.findByRole('heading', { name: 'Nuevo filtro geográfico' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(screen.getByRole('textbox', { name: 'Nombre' })).toHaveAccessibleDescription(
      translate('validation.required', 'es'),
    );
    expect(screen.getByLabelText('Polígono (archivo GeoJSON, .geojson o .json)')).toHaveAccessibleDescription(
      translate('validation.required', 'es'),
    );
    expect(api.sent('POST', '/api/geofilters/')).toHaveLength(0);
  });

  it('creates a filter from an uploaded GeoJSON polygon, then goes back to the list', async () => {
    api.post('/api/geofilters/', { id: 'g-madrid', version: 1, entity: null, warnings: [] });
    const { user, router } = await renderScreen(<GeofiltersPage />, { path, at: `${path}?id=&isCreate=true` });

    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Madrid');
    await user.click(screen.getByRole('checkbox', { name: 'Special geographic filter' }));
    await user.upload(screen.getByLabelText('Polygon (GeoJSON file, .geojson or .json)'), madridFile);
    expect(await screen.findByText('4 vertices · centre -3.7, 40.4 · 96 B')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { name: 'Geo filters' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    expect(api.sent('POST', '/api/geofilters/').map((request) => request.body)).toEqual([
      { name: 'Madrid', special: true, polygon: { type: 'Polygon', coordinates: [madridRing] } },
    ]);
  });

  it('says in the interface language why a file is not a polygon it can take', async () => {
    const { user } = await renderScreen(<GeofiltersPage />, { path, at: `${path}?id=&isCreate=true`, language: 'es' });
    const upload = await screen.findByLabelText('Polígono (archivo GeoJSON, .geojson o .json)');

    await user.upload(upload, geoJsonFile('broken.geojson', '{"type": "FeatureCollection", '));

    await waitFor(() => expect(upload).toHaveAccessibleDescription(translate('geojson.invalidContent', 'es')));
  });

  it('edits a filter from its link, sending only the name that changed, against its version', async () => {
    api.get('/api/geofilters/g-centre', centre);
    api.put('/api/geofilters/g-centre', { id: 'g-centre', version: 3, entity: null, warnings: [] });
    const { user } = await renderScreen(<GeofiltersPage />, { path });
    await user.click(await screen.findByRole('link', { name: 'Centre' }));

    expect(await screen.findByRole('heading', { name: 'Edit: Centre' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Special geographic filter' })).toBeChecked();
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Madrid centre');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(api.sent('PUT', '/api/geofilters/g-centre').map((request) => request.body)).toEqual([
        { name: 'Madrid centre', expectedVersion: 2 },
      ]),
    );
  });

  it('toasts why a filter a cluster uses cannot be deleted, and keeps it', async () => {
    api.delete('/api/geofilters/g-centre', answer(409, { code: 'geofilters.inUse' }));
    const { user } = await renderScreen(<GeofiltersPage />, { path, language: 'es' });
    await user.click(await screen.findByRole('button', { name: 'Eliminar Centre' }));

    await user.click(
      within(screen.getByRole('dialog', { name: 'Eliminar' })).getByRole('button', { name: 'Eliminar' }),
    );

    expect(await screen.findByRole('alert')).toHaveTextContent(translate('geofilters.inUse', 'es'));
    expect(screen.getByRole('link', { name: 'Centre' })).toBeInTheDocument();
  });
});
