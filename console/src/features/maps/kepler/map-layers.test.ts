import { describe, expect, it } from 'vitest';
import { clusterColumns } from './cluster-layers.ts';
import {
  boundaryDataId,
  fitPadding,
  hexToRgb,
  keplerConfig,
  madrid,
  outlineDataId,
  type PointLayer,
  placeDataId,
  placeLevelColumn,
  regionContext,
  viewAtSize,
  viewOf,
} from './map-layers.ts';
import { maxLevel } from './zoom-levels.ts';

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
        {
          properties: { kind: 'place', name: 'Madrid', population: 3_255_944 },
          geometry: { type: 'Point', coordinates: [-3.7026, 40.4165] },
        },
      ],
    });
    expect(region.places).toEqual([
      { name: 'Vallecas', lat: 40.38, lon: -3.6, population: 0 },
      { name: 'Madrid', lat: 40.4165, lon: -3.7026, population: 3_255_944 },
    ]);
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
    // Each place with the level its name shows from: the capital from afar, the unknown district up close.
    const places = datasets.find((dataset) => dataset.info.id === placeDataId)?.data;
    expect(places?.fields.map((field) => field.name)).toEqual(['lat', 'lon', 'name', placeLevelColumn]);
    expect(places?.rows).toEqual([
      [40.38, -3.6, 'Vallecas', 12],
      [40.4165, -3.7026, 'Madrid', 0],
    ]);
  });

  it("draws the region's municipalities only once close enough to tell them apart, its provinces always", () => {
    const region = regionContext({
      features: [
        { properties: { kind: 'province', name: 'Madrid' }, geometry: { type: 'Polygon', coordinates: [] } },
        { properties: { kind: 'municipality', name: 'Getafe' }, geometry: { type: 'Polygon', coordinates: [] } },
      ],
    });
    const { datasets, config, levelFilters } = keplerConfig(
      [layer],
      { ...madrid, zoom: 6.2 },
      {
        boundaries: { label: 'Municipalities', collection: region.boundaries },
      },
    );
    const boundaries = datasets.find((dataset) => dataset.info.id === boundaryDataId)?.data;
    expect(boundaries?.rows.map((row) => [row[1], row[2]])).toEqual([
      ['Madrid', 0],
      ['Getafe', 9],
    ]);
    expect(levelFilters).toEqual([{ dataId: boundaryDataId, field: placeLevelColumn, rows: 'from' }]);
    expect(config.config.visState.filters[0]).toMatchObject({ dataId: [boundaryDataId], value: [0, 6] });
  });

  it('shows the place names of the level the map opens at, and says how to follow the zoom', () => {
    const places = { label: 'Places', places: [{ name: 'Madrid', lat: 40.4165, lon: -3.7026, population: 3e6 }] };
    const { config, levelFilters } = keplerConfig([layer], { ...madrid, zoom: 7.6 }, { places });
    expect(levelFilters).toEqual([{ dataId: placeDataId, field: placeLevelColumn, rows: 'from' }]);
    expect(config.config.visState.filters).toEqual([
      { dataId: [placeDataId], id: `${placeDataId}-level`, name: [placeLevelColumn], type: 'range', value: [0, 7] },
    ]);
  });

  it('draws a clustered layer as dots that count their points, level by level', () => {
    const probes: PointLayer = {
      id: 'probes-available',
      label: 'Available',
      colour: '#16a34a',
      radius: 14,
      cluster: { countLabel: 'Probes here' },
      points: Array.from({ length: 15 }, (_, index) => ({
        lat: 40.42 + index * 0.001,
        lon: -3.7,
        details: { probe: `p${index}`, operator: 'Movistar', battery: index },
      })),
    };
    const { datasets, config, levelFilters } = keplerConfig([probes], undefined, {}, 6);
    const [dataset] = datasets;
    expect(dataset?.data.fields.map((field) => field.name)).toEqual([
      'lat',
      'lon',
      clusterColumns.level,
      clusterColumns.label,
      'Probes here',
      'probe',
      'operator',
      'battery',
    ]);
    const rowsAt = (level: number) => dataset?.data.rows.filter((row) => row[2] === level) ?? [];
    // From afar one dot written "15", its probes listed (the first few), their shared operator, no single battery.
    expect(rowsAt(6)).toEqual([
      [expect.any(Number), expect.any(Number), 6, '15', 15, 'p0, p1, p2, …', 'Movistar', null],
    ]);
    // Up close each probe on its own, nothing written on it.
    expect(rowsAt(maxLevel)).toHaveLength(15);
    expect(rowsAt(maxLevel).map((row) => row[3])).toEqual(Array(15).fill(''));
    const [pointLayer] = config.config.visState.layers;
    expect(pointLayer).toMatchObject({
      config: {
        color: [22, 163, 74],
        textLabel: [{ field: { name: clusterColumns.label }, anchor: 'middle', alignment: 'center' }],
      },
    });
    expect(levelFilters).toEqual([{ dataId: 'probes-available', field: clusterColumns.level, rows: 'exact' }]);
    expect(config.config.visState.filters[0]).toMatchObject({ name: [clusterColumns.level], value: [6, 6] });
    expect(config.config.visState.interactionConfig.tooltip.fieldsToShow['probes-available']?.[0]).toEqual({
      name: 'Probes here',
      format: null,
    });
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
    expect(view.fit).toEqual({ bounds: { west: -3.7, south: 40.4, east: -3.6, north: 40.5 }, maxZoom: 10 });
  });

  it('fits the points to the map as large as it is, with room for the dots', () => {
    const view = viewOf(layer.points, madrid, 14);
    // Dots of radius 30 are about 8 pixels' radius at Madrid's latitude.
    const padding = fitPadding([layer], 40.4);
    expect(padding).toBeCloseTo(16 + 8.2, 0);
    const small = viewAtSize(view, { width: 400, height: 300 }, padding);
    const large = viewAtSize(view, { width: 1600, height: 1200 }, padding);
    expect(large.zoom).toBeGreaterThan(small.zoom + 1.5);
    expect(large.zoom).toBeLessThanOrEqual(14);
    expect(large.lat).toBeCloseTo(40.45, 2);
    // A view without bounds to fit (a caller's own) is kept as it is.
    expect(viewAtSize(madrid, { width: 400, height: 300 }, padding)).toEqual(madrid);
  });
});
