import { describe, expect, it } from 'vitest';
import {
  boundaryDataId,
  hexToRgb,
  keplerConfig,
  madrid,
  outlineDataId,
  type PointLayer,
  placeDataId,
  regionContext,
  viewOf,
} from './map-layers.ts';

const layer: PointLayer = {
  id: 'probes-available',
  label: 'Available',
  colour: '#16a34a',
  radius: 30,
  points: [
    { lat: 40.4, lon: -3.7, details: { probe: 'p1', battery: 50 } },
    { lat: 40.5, lon: -3.6, details: { probe: 'p2', battery: null } },
  ],
};

describe('kepler map config', () => {
  it('gives each point layer its dataset (typed columns) and an opaque one-colour point layer', () => {
    const { datasets, config } = keplerConfig([layer], madrid);
    expect(datasets).toEqual([
      {
        info: { id: 'probes-available', label: 'Available' },
        data: {
          fields: [
            { name: 'lat', type: 'real' },
            { name: 'lon', type: 'real' },
            { name: 'probe', type: 'string' },
            { name: 'battery', type: 'real' },
          ],
          rows: [
            [40.4, -3.7, 'p1', 50],
            [40.5, -3.6, 'p2', null],
          ],
        },
      },
    ]);
    const [pointLayer] = config.config.visState.layers;
    expect(pointLayer).toMatchObject({
      type: 'point',
      config: { dataId: 'probes-available', color: [22, 163, 74], visConfig: { opacity: 1, radius: 30 } },
    });
    expect(config.config.mapState).toEqual({ latitude: madrid.lat, longitude: madrid.lon, zoom: madrid.zoom });
    expect(keplerConfig([layer], undefined).config.config).not.toHaveProperty('mapState');
  });

  it('draws the outlines below the points, named in their tooltip', () => {
    const outlines = { label: 'Countries', collection: { features: [{ properties: { name: 'Spain' } }] } };
    const { datasets, config } = keplerConfig([layer], madrid, { outlines });
    expect(datasets[0]).toMatchObject({ info: { id: outlineDataId, label: 'Countries' } });
    expect(datasets[0]?.data.rows).toEqual([[{ properties: { name: 'Spain' } }, 'Spain']]);
    expect(config.config.visState.layers.map((item) => item.id)).toEqual(['probes-available', outlineDataId]);
    expect(config.config.visState.interactionConfig.tooltip.fieldsToShow[outlineDataId]).toEqual([
      { name: 'name', format: null },
    ]);
  });

  it("draws the region's places (named dots) and boundaries (lines) between the points and the outlines", () => {
    const region = regionContext({
      features: [
        { properties: { kind: 'municipality', name: 'Getafe' }, geometry: { type: 'Polygon', coordinates: [] } },
        { properties: { kind: 'place', name: 'Vallecas' }, geometry: { type: 'Point', coordinates: [-3.6, 40.38] } },
      ],
    });
    expect(region.places).toEqual([{ name: 'Vallecas', lat: 40.38, lon: -3.6 }]);
    expect(region.boundaries.features.map((feature) => feature.properties?.name)).toEqual(['Getafe']);
    const outlines = { label: 'Countries', collection: { features: [] } };
    const { datasets, config } = keplerConfig([layer], madrid, {
      outlines,
      boundaries: { label: 'Municipalities', collection: region.boundaries },
      places: { label: 'Places', places: region.places },
    });
    const layers = config.config.visState.layers;
    expect(layers.map((item) => item.id)).toEqual(['probes-available', placeDataId, boundaryDataId, outlineDataId]);
    expect(layers[1]).toMatchObject({ config: { textLabel: [{ field: { name: 'name', type: 'string' } }] } });
    expect(layers[2]).toMatchObject({ config: { visConfig: { filled: false, stroked: true } } });
    expect(datasets.find((dataset) => dataset.info.id === placeDataId)?.data.rows).toEqual([[40.38, -3.6, 'Vallecas']]);
  });

  it('converts hex colours', () => {
    expect(hexToRgb('#dc2626')).toEqual([220, 38, 38]);
  });
});

describe('viewOf', () => {
  it('is Madrid without points, and centres on the points with a zoom that fits them', () => {
    expect(viewOf([])).toEqual(madrid);
    const view = viewOf(layer.points);
    expect(view.lat).toBeCloseTo(40.45);
    expect(view.lon).toBeCloseTo(-3.65);
    expect(view.zoom).toBeGreaterThan(5);
    expect(view.zoom).toBeLessThanOrEqual(10);
  });
});
