import { Buffer } from 'node:buffer';
import {
  basePathOf,
  type ConfigurationKind,
  clusterImageMaxBytes,
  configurationKinds,
  type HttpErrorCode,
  polygonSizeLimit,
  profileImageMaxBytes,
  universeLogoMaxBytes,
} from '@nq/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configurationEntities } from '../../composition/platform-runs.ts';
import { validSuite } from '../../features/task-suites/task-suite.fixtures.ts';
import type { SignedClient } from '../../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';

type Body = Record<string, unknown>;
type Kind =
  | 'provider'
  | 'cdn'
  | 'campaign'
  | 'geofilter'
  | 'cluster'
  | 'universe'
  | 'mos'
  | 'scorecard'
  | 'regulatory-report'
  | 'profile'
  | 'task-suite';
/** Ids of entities created once for the whole suite, for the valid bodies that must refer to something. */
type Refs = Record<'provider' | 'geofilter' | 'campaign' | 'universe' | 'cluster', string>;

/** One broken rule: the change to the valid body (or, `on: 'update'`, the update of the stored entity) and its answer. */
interface Rule {
  name: string;
  body: Body | ((valid: Body) => Body);
  status: number;
  code: HttpErrorCode;
  on?: 'update';
}

interface EntityRow {
  entity: Kind;
  basePath: string;
  valid: Body | ((refs: Refs) => Body);
  cases: Rule[];
  /** The code a second entity with a taken name gets. */
  nameExists: HttpErrorCode;
  /** Uniqueness rules besides the name: what the concurrent creations share. */
  races?: { rule: string; body: Body; code: HttpErrorCode }[];
  /** What a second entity changes besides its name so that no other uniqueness rule refuses it. */
  fresh?: Body;
  /** Bodies on the edge of a rule, which must be accepted. */
  accepts?: { name: string; body: Body }[];
  /** An update of one field. */
  update: Body;
  /** An optional field an update clears with null (when the entity has one) and a required one it cannot clear. */
  clear: { optional?: string; required: string };
}

const paths: Record<Kind, string> = {
  provider: '/api/providers',
  cdn: '/api/cdns',
  campaign: '/api/campaigns-management',
  geofilter: '/api/geofilters',
  cluster: '/api/clusters-management',
  universe: '/universes',
  mos: '/moses',
  scorecard: '/scorecards',
  'regulatory-report': '/regulatory-reports',
  profile: '/profiles',
  'task-suite': '/task-suites',
};

const bad = (name: string, body: Rule['body'], status: number, code: HttpErrorCode): Rule => ({
  name,
  body,
  status,
  code,
});
const badUpdate = (name: string, body: Rule['body'], status: number, code: HttpErrorCode): Rule => ({
  ...bad(name, body, status, code),
  on: 'update',
});

// ── Fixtures ─────────────────────────────────────────────────────────────────────────────────────────────────────

const square = [
  [-3.8, 40.3],
  [-3.6, 40.3],
  [-3.6, 40.5],
  [-3.8, 40.5],
  [-3.8, 40.3],
];
const polygon = { type: 'Polygon', coordinates: [square] };

/** A closed ring whose GeoJSON text is just over the polygon size limit, yet small enough for a request (10 MiB). */
function tooBigPolygon() {
  const ring: number[][] = [];
  for (let bytes = 0; bytes < polygonSizeLimit + 100_000; ) {
    const i = ring.length;
    const position = [(-3_000_000 - (i % 1_000_000)) / 1_000_000, (40_000_000 + Math.floor(i / 1000)) / 1_000_000];
    bytes += JSON.stringify(position).length + 1;
    ring.push(position);
  }
  ring.push(ring[0]!);
  return { type: 'Polygon', coordinates: [ring] };
}

const signatures = { png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], jpeg: [0xff, 0xd8, 0xff] };
/** A data URL of `bytes` bytes (decoded) whose content starts with the signature of `content`. */
const image = (type: 'png' | 'jpeg', bytes: number, content: 'png' | 'jpeg' = type) => {
  const data = Buffer.alloc(bytes);
  data.set(signatures[content]);
  return `data:image/${type};base64,${data.toString('base64')}`;
};

const referenceImsi = '214079999999999';
/** Minimal bodies of the entities the valid bodies refer to, created first and in this order. */
const references: { kind: keyof Refs; body: (refs: Refs) => Body }[] = [
  {
    kind: 'provider',
    body: () => ({
      name: 'Reference provider',
      label: 'Ref',
      country: 'Spain',
      numeric: '21401',
      imsis: [referenceImsi],
    }),
  },
  { kind: 'geofilter', body: () => ({ name: 'Reference area', polygon }) },
  { kind: 'campaign', body: () => ({ name: 'Reference campaign', startDate: '2026-01-01', endDate: '2026-12-31' }) },
  { kind: 'universe', body: () => ({ name: 'Reference universe' }) },
  { kind: 'cluster', body: (refs) => ({ name: 'Reference cluster', geoFilters: [refs.geofilter] }) },
];

const mosEntry = (changes: Body = {}) => ({
  kpi: 'downloadThroughput',
  weight: 100,
  min: 0,
  max: 1000,
  operator: 'gte',
  mappingFunction: 'linear',
  limits: { lower: 1, upper: 50, absoluteUpper: 100 },
  ...changes,
});
const latencyEntry = mosEntry({ kpi: 'latency', weight: 40, operator: 'lte', mappingFunction: 'invertedLinear' });
const scorecardKpi = (changes: Body = {}) => ({
  kpi: 'downloadThroughput',
  weight: 100,
  fringes: [
    { start: 0, end: 10 },
    { start: 10, end: 50 },
  ],
  ...changes,
});

// ── Rules shared by several entities ─────────────────────────────────────────────────────────────────────────────

// biome-ignore format: a table, one rule per line
const nameCases = (nameExists: HttpErrorCode): Rule[] => [
  bad('a missing name', { name: undefined }, 400, 'validation.required'),
  bad('a blank name', { name: '  ' }, 400, 'validation.tooShort'),
  bad('a name over 64 characters', { name: 'n'.repeat(65) }, 400, 'validation.tooLong'),
  bad('a taken name, in other case and spacing', (valid) => ({ name: ` ${String(valid.name).toUpperCase()} ` }), 409, nameExists),
];

const forbiddenNameCases = (code: HttpErrorCode): Rule[] => [
  bad('a forbidden name', { name: 'All' }, 422, code),
  badUpdate('a rename to a forbidden name', { name: 'TOTAL' }, 422, code),
];

const feature = { type: 'Feature', properties: {}, geometry: polygon };
const shape = (type: string, coordinates: unknown) => ({ polygon: { type, coordinates } });
const features = (...list: unknown[]) => ({ polygon: { type: 'FeatureCollection', features: list } });
// biome-ignore format: a table, one rule per line
const polygonCases: Rule[] = [
  bad('a polygon that is not GeoJSON', { polygon: 'square' }, 400, 'geojson.invalidContent'),
  bad('a polygon ring of 3 positions', shape('Polygon', [[square[0], square[1], square[0]]]), 400, 'geojson.invalidContent'),
  bad('a polygon ring not closed', shape('Polygon', [square.slice(0, -1)]), 400, 'geojson.ringNotClosed'),
  bad('a MultiPolygon', shape('MultiPolygon', [[square]]), 400, 'geojson.onlyPolygon'),
  bad('a polygon with two rings', shape('Polygon', [square, square]), 400, 'geojson.singleCoordinatesArray'),
  bad('a polygon beyond longitude 180', shape('Polygon', [square.map(([x, y]) => [x! + 200, y!])]), 400, 'geojson.coordinatesOutOfRange'),
  bad('a FeatureCollection without features', features(), 400, 'geojson.noFeatures'),
  bad('a FeatureCollection of two polygons', features(feature, feature), 400, 'geojson.severalPolygons'),
  bad(`a polygon over ${polygonSizeLimit} bytes`, () => ({ polygon: tooBigPolygon() }), 422, 'geojson.polygonTooBig'),
];

const gif = `data:image/gif;base64,${Buffer.from('GIF89a').toString('base64')}`;
// biome-ignore format: a table, one rule per line
const imageCases = (field: string, type: 'png' | 'jpeg', maxBytes: number, tooLarge: HttpErrorCode): Rule[] => [
  bad(`an ${field} of ${maxBytes + 1} bytes`, { [field]: image(type, maxBytes + 1) }, 400, tooLarge),
  bad(`a GIF ${field}`, { [field]: gif }, 400, 'images.invalidType'),
  bad(`an ${field} whose content is not its type`, { [field]: image(type, 16, type === 'png' ? 'jpeg' : 'png') }, 400, 'images.invalidType'),
  bad(`an ${field} that is not a data URL`, { [field]: 'logo.png' }, 400, 'validation.invalidFormat'),
];

/** The rules of a MOS entry, broken in the first entry of `field`; `others` follow it (weights add up to 100). */
const mosEntryCases = (field: string, others: Body[]): Rule[] => {
  const weight = 100 - others.reduce((sum, entry) => sum + Number(entry.weight), 0);
  const first = (changes: Body) => ({ [field]: [mosEntry({ weight, ...changes }), ...others] });
  // biome-ignore format: a table, one rule per line
  return [
    bad(`${field}: an entry without KPI`, first({ kpi: ' ' }), 400, 'validation.required'),
    bad(`${field}: a weight below 0`, first({ weight: -1 }), 400, 'validation.outOfRange'),
    bad(`${field}: weights not adding up to 100`, first({ weight: weight - 10 }), 422, 'moses.weightsNotHundred'),
    bad(`${field}: min above max`, first({ min: 10, max: 9 }), 400, 'moses.minAboveMax'),
    bad(`${field}: a min that is not a number`, first({ min: '0' }), 400, 'validation.invalidNumber'),
    bad(`${field}: an unknown operator`, first({ operator: 'not_exists' }), 400, 'validation.invalidOption'),
    bad(`${field}: an unknown mapping function`, first({ mappingFunction: 'cubic' }), 400, 'validation.invalidOption'),
    bad(`${field}: limits without absolute upper`, first({ limits: { lower: 1, upper: 50 } }), 400, 'validation.required'),
    bad(`${field}: a lower limit above the upper`, first({ limits: { lower: 60, upper: 50, absoluteUpper: 100 } }), 400, 'moses.limitsOutOfOrder'),
    bad(`${field}: an upper limit above the absolute upper`, first({ limits: { lower: 1, upper: 50, absoluteUpper: 49 } }), 400, 'moses.limitsOutOfOrder'),
  ];
};

// ── The table ────────────────────────────────────────────────────────────────────────────────────────────────────

const tooLongDescription = { description: 'd'.repeat(501) };
// biome-ignore format: a table, one rule per line
const table: EntityRow[] = [
  {
    entity: 'provider',
    basePath: paths.provider,
    valid: { name: 'Movistar', label: 'Movistar ES', country: 'Spain', numeric: '21407', spn: 'Movistar', imsis: ['21407123456789'], ipRanges: ['80.58.0.0/16', '2a02:9000::/23'], probeId: 'probe01', colour: '#0b78c1' },
    nameExists: 'providers.nameExists',
    fresh: { imsis: [] },
    races: [{ rule: 'IMSI', body: { imsis: ['214071111111111'] }, code: 'providers.imsiAlreadyAssigned' }],
    cases: [
      ...nameCases('providers.nameExists'),
      bad('a missing label', { label: undefined }, 400, 'validation.required'),
      bad('an empty label', { label: '' }, 400, 'validation.tooShort'),
      bad('a label over 64 characters', { label: 'l'.repeat(65) }, 400, 'validation.tooLong'),
      bad('a one-letter country', { country: 'E' }, 400, 'validation.tooShort'),
      bad('a numeric code of 4 digits', { numeric: '2140' }, 400, 'providers.numericInvalid'),
      bad('a numeric code with a letter', { numeric: '214a7' }, 400, 'providers.numericInvalid'),
      bad('no numeric code', { numeric: undefined }, 400, 'validation.required'),
      bad('an SPN over 16 characters', { spn: 's'.repeat(17) }, 400, 'validation.tooLong'),
      bad('an IMSI of 13 digits', { imsis: ['2140712345678'] }, 400, 'providers.imsiInvalid'),
      bad('the same IMSI twice', { imsis: ['21407123456780', '21407123456780'] }, 409, 'providers.imsiAlreadyAssigned'),
      bad('an IMSI of another provider', { imsis: [referenceImsi] }, 409, 'providers.imsiAlreadyAssigned'),
      bad('an IP range with spaces', { ipRanges: ['not a range'] }, 400, 'providers.ipRangeInvalid'),
      bad('an IPv4 prefix over 32', { ipRanges: ['10.0.0.0/33'] }, 400, 'providers.ipRangeInvalid'),
      bad('a probe id with capitals', { probeId: 'Probe1' }, 400, 'providers.probeIdInvalid'),
      bad('a probe id over 64 characters', { probeId: 'p'.repeat(65) }, 400, 'validation.tooLong'),
      bad('a colour of 5 digits', { colour: '#12345' }, 400, 'validation.invalidFormat'),
      bad('several problems', { numeric: '1', colour: 'blue' }, 400, 'request.invalid'),
      badUpdate('a new name', { name: 'Telefónica' }, 422, 'providers.nameChangeNotAllowed'),
      badUpdate('an IMSI of another provider', { imsis: [referenceImsi] }, 409, 'providers.imsiAlreadyAssigned'),
    ],
    accepts: [{ name: 'a 6-digit numeric code and an IMSI of 15 digits', body: { numeric: '214070', imsis: ['214071234567890'] } }],
    update: { label: 'Movistar España' },
    clear: { optional: 'spn', required: 'label' },
  },
  {
    entity: 'cdn',
    basePath: paths.cdn,
    valid: (refs) => ({
      name: 'Akamai Madrid', url: 'https://cdn.example.com/100MB.bin', type: 'download', tags: ['madrid', 'akamai1'], status: 'Active', size: 100_000_000,
      provider: refs.provider, location: { latitude: 40.4168, longitude: -3.7038 }, httpHeaders: [{ name: 'Accept', value: '*/*' }],
      requestBody: '{"warmup":true}', technologies: [{ technology: 4, trigger: 0.25, size: 20_000_000 }],
    }),
    nameExists: 'cdns.nameExists',
    cases: [
      ...nameCases('cdns.nameExists'),
      bad('a missing URL', { url: undefined }, 400, 'cdns.urlRequired'),
      bad('a blank URL', { url: '  ' }, 400, 'cdns.urlRequired'),
      bad('an FTP URL', { url: 'ftp://cdn.example.com/file' }, 400, 'cdns.urlInvalid'),
      bad('a URL without scheme', { url: 'cdn.example.com' }, 400, 'cdns.urlInvalid'),
      bad('an unknown type', { type: 'stream' }, 400, 'cdns.typeInvalid'),
      bad('a missing type', { type: undefined }, 400, 'validation.required'),
      bad('a tag with capitals', { tags: ['madrid', 'Akamai'] }, 400, 'cdns.tagInvalid'),
      bad('an unknown status', { status: 'Paused' }, 400, 'validation.invalidOption'),
      bad('a size of 0', { size: 0 }, 400, 'cdns.sizeInvalid'),
      bad('a size given as text', { size: '10' }, 400, 'cdns.sizeInvalid'),
      bad('a missing size', { size: undefined }, 400, 'validation.required'),
      bad('an unknown provider', { provider: 'no-such-provider' }, 400, 'validation.invalidOption'),
      bad('a latitude over 90', { location: { latitude: 91, longitude: 0 } }, 400, 'validation.outOfRange'),
      bad('a longitude under -180', { location: { latitude: 0, longitude: -180.5 } }, 400, 'validation.outOfRange'),
      bad('a header without name', { httpHeaders: [{ name: '', value: 'x' }] }, 400, 'cdns.headerIncomplete'),
      bad('a header without value', { httpHeaders: [{ name: 'X-Test' }] }, 400, 'cdns.headerIncomplete'),
      bad('a request body that is not JSON', { requestBody: '{"warmup":' }, 400, 'cdns.requestBodyInvalid'),
      bad('a technology trigger over 1', { technologies: [{ technology: 5, trigger: 1.01, size: 1 }] }, 400, 'cdns.triggerOutOfRange'),
      bad('a technology size of 0', { technologies: [{ technology: 5, trigger: 1, size: 0 }] }, 400, 'cdns.sizeInvalid'),
      bad('an unknown technology', { technologies: [{ technology: 6, trigger: 1, size: 1 }] }, 400, 'validation.invalidOption'),
      bad('several problems', { url: 'nope', size: 0 }, 400, 'request.invalid'),
      badUpdate('an unknown provider', { provider: 'no-such-provider' }, 400, 'validation.invalidOption'),
    ],
    accepts: [{ name: 'a trigger of 0 and an upload type', body: { type: 'upload', technologies: [{ technology: 5, trigger: 0, size: 1 }] } }],
    update: { status: 'Inactive' },
    clear: { optional: 'requestBody', required: 'size' },
  },
  {
    entity: 'campaign',
    basePath: paths.campaign,
    valid: { name: 'Madrid 2026', startDate: '2026-01-01T00:00:00.000Z', endDate: '2026-12-31T23:59:59.000Z', special: false, polygon },
    nameExists: 'campaigns.nameExists',
    cases: [
      ...nameCases('campaigns.nameExists'),
      ...forbiddenNameCases('campaigns.forbiddenName'),
      bad('a start date that is not ISO', { startDate: '01/01/2026' }, 400, 'validation.invalidDate'),
      bad('a missing start date', { startDate: undefined }, 400, 'validation.required'),
      bad('an end date before the start date', { endDate: '2025-12-31' }, 400, 'validation.endBeforeStart'),
      bad('special that is not a boolean', { special: 'yes' }, 400, 'validation.invalidOption'),
      ...polygonCases,
      bad('several problems', { name: '', startDate: 'soon' }, 400, 'request.invalid'),
      badUpdate('an end date before the stored start date', { endDate: '2025-12-31' }, 400, 'validation.endBeforeStart'),
    ],
    accepts: [
      { name: 'an end date equal to the start date', body: { endDate: '2026-01-01T01:00:00+01:00' } },
      { name: 'a polygon given as a Feature', body: { polygon: feature } },
    ],
    update: { special: true },
    clear: { optional: 'polygon', required: 'startDate' },
  },
  {
    entity: 'geofilter',
    basePath: paths.geofilter,
    valid: { name: 'Barcelona', polygon, special: false },
    nameExists: 'geofilters.nameExists',
    cases: [
      ...nameCases('geofilters.nameExists'),
      ...forbiddenNameCases('geofilters.forbiddenName'),
      bad('no polygon', { polygon: undefined }, 400, 'validation.required'),
      ...polygonCases,
      bad('special that is not a boolean', { special: 1 }, 400, 'validation.invalidOption'),
      bad('several problems', { name: '', polygon: undefined }, 400, 'request.invalid'),
    ],
    accepts: [{ name: 'a polygon in a FeatureCollection', body: features(feature) }],
    update: { special: true },
    clear: { required: 'polygon' },
  },
  {
    entity: 'cluster',
    basePath: paths.cluster,
    valid: (refs) => ({
      name: 'North', description: 'Northern probes', image: image('png', 16), colour: '#00aa11',
      attributes: { country: 'Spain', provider: 'Movistar', technology: '5G', speedProfile: '1 Gbps', region: 'Galicia' },
      probes: [{ probeId: 'p1', start: '2026-01-01T00:00:00.000Z', end: '2026-02-01T00:00:00.000Z' }],
      startDate: '2026-01-01T00:00:00.000Z', endDate: '2026-06-30T00:00:00.000Z',
      dateRanges: [{ start: '2026-01-01T00:00:00.000Z', end: '2026-02-01T00:00:00.000Z' }],
      geoFilters: [refs.geofilter],
    }),
    nameExists: 'clusters.nameExists',
    cases: [
      ...nameCases('clusters.nameExists'),
      ...forbiddenNameCases('clusters.forbiddenName'),
      bad('a description over 500 characters', tooLongDescription, 400, 'validation.tooLong'),
      ...imageCases('image', 'png', clusterImageMaxBytes, 'clusters.imageTooLarge'),
      bad('a colour that is not #rrggbb', { colour: 'red' }, 400, 'validation.invalidFormat'),
      bad('an attribute over 100 characters', { attributes: { region: 'r'.repeat(101) } }, 400, 'validation.tooLong'),
      bad('a probe without id', { probes: [{ probeId: ' ', start: '2026-01-01' }] }, 400, 'validation.required'),
      bad('a membership ending before it starts', { probes: [{ probeId: 'p1', start: '2026-02-01', end: '2026-01-01' }] }, 400, 'validation.endBeforeStart'),
      bad('overlapping memberships of one probe', (valid) => ({ probes: [...(valid.probes as Body[]), { probeId: 'p1', start: '2026-01-31T23:00:00Z' }] }), 422, 'clusters.dateRangesOverlap'),
      bad('a start date that is not a date', { startDate: 'tomorrow' }, 400, 'validation.invalidDate'),
      bad('an end date before the start date', { endDate: '2025-12-31' }, 400, 'validation.endBeforeStart'),
      bad('overlapping date ranges', { dateRanges: [{ start: '2026-01-01', end: '2026-03-01' }, { start: '2026-02-01' }] }, 422, 'clusters.dateRangesOverlap'),
      bad('a date range ending before it starts', { dateRanges: [{ start: '2026-03-01', end: '2026-01-01' }] }, 400, 'validation.endBeforeStart'),
      bad('an unknown geographic filter', { geoFilters: ['no-such-filter'] }, 422, 'geofilters.notFound'),
      bad('a blank geographic filter id', { geoFilters: [' '] }, 400, 'validation.required'),
      bad('several problems', { colour: 'red', ...tooLongDescription }, 400, 'request.invalid'),
      badUpdate('an unknown geographic filter', { geoFilters: ['no-such-filter'] }, 422, 'geofilters.notFound'),
      badUpdate('an end date before the stored start date', { endDate: '2025-06-30' }, 400, 'validation.endBeforeStart'),
    ],
    accepts: [
      { name: `an image of exactly ${clusterImageMaxBytes} bytes`, body: { image: image('jpeg', clusterImageMaxBytes) } },
      { name: 'back-to-back memberships of one probe', body: { probes: [{ probeId: 'p1', start: '2026-01-01', end: '2026-02-01' }, { probeId: 'p1', start: '2026-02-01' }] } },
    ],
    update: { colour: '#112233' },
    clear: { optional: 'image', required: 'name' },
  },
  {
    entity: 'universe',
    basePath: paths.universe,
    valid: {
      name: 'Fibre homes', description: 'Homes with fibre', colour: '#112233', logo: image('jpeg', 16),
      attributes: { country: 'Spain', speed: '600 Mbps', technology: 'FTTH' },
      probes: [{ probeId: 'p1', start: '2026-01-01T08:00:00.000Z', end: '2026-01-01T20:00:00.000Z' }, { probeId: 'p1', start: '2026-01-01T20:00:00.000Z' }],
    },
    nameExists: 'universes.nameExists',
    cases: [
      ...nameCases('universes.nameExists'),
      ...forbiddenNameCases('universes.forbiddenName'),
      bad('a description over 500 characters', tooLongDescription, 400, 'validation.tooLong'),
      bad('a colour of 2 digits', { colour: '#12' }, 400, 'validation.invalidFormat'),
      ...imageCases('logo', 'jpeg', universeLogoMaxBytes, 'universes.logoTooLarge'),
      bad('an attribute over 100 characters', { attributes: { speed: 's'.repeat(101) } }, 400, 'validation.tooLong'),
      bad('overlapping ranges of one probe', (valid) => ({ probes: [...(valid.probes as Body[]), { probeId: 'p1', start: '2026-01-01T19:59:00+00:00', end: '2026-01-01T20:00:00Z' }] }), 422, 'universes.dateRangesOverlap'),
      bad('a probe range ending before it starts', { probes: [{ probeId: 'p1', start: '2026-01-02', end: '2026-01-01' }] }, 400, 'validation.endBeforeStart'),
      bad('a probe range starting at no date', { probes: [{ probeId: 'p1', start: 'soon' }] }, 400, 'validation.invalidDate'),
      bad('several problems', { colour: 'blue', ...tooLongDescription }, 400, 'request.invalid'),
      badUpdate('overlapping ranges of one probe', { probes: [{ probeId: 'p2', start: '2026-01-01' }, { probeId: 'p2', start: '2026-03-01' }] }, 422, 'universes.dateRangesOverlap'),
    ],
    accepts: [{ name: `a logo of exactly ${universeLogoMaxBytes} bytes`, body: { logo: image('png', universeLogoMaxBytes) } }],
    update: { description: 'All the homes with fibre' },
    clear: { optional: 'logo', required: 'name' },
  },
  {
    entity: 'profile',
    basePath: paths.profile,
    valid: (refs) => ({
      name: 'Analysts Madrid', rol: 'user', service: 'mobile', layers: [{ id: 'evolution', groups: ['Analysis'] }, { id: 'maps' }],
      startPage: 'evolution', technologies: [4, 5], kpis: [{ id: 'download', fringes: [0, 1] }], campaigns: [{ id: refs.campaign }],
      clusters: [refs.cluster], isps: [{ id: 'isp-1', label: 'Operator 1' }], image: image('png', 16),
      defaultDestinations: [{ name: 'Google', ip: '8.8.8.8' }], tsStart: '2026-01-01T00:00:00.000Z', tsEnd: '2026-12-31T23:59:59.000Z',
    }),
    nameExists: 'profiles.nameExists',
    cases: [
      ...nameCases('profiles.nameExists'),
      bad('a screen that does not exist', { layers: [{ id: 'nowhere' }] }, 400, 'validation.invalidOption'),
      bad('an unknown sidebar category', { layers: [{ id: 'maps', category: 'games' }] }, 400, 'validation.invalidOption'),
      bad('an unknown technology code', { technologies: [7] }, 400, 'validation.invalidOption'),
      bad('an unknown rol', { rol: 'root' }, 400, 'validation.invalidOption'),
      bad('an unknown service', { service: 'satellite' }, 400, 'validation.invalidOption'),
      bad('an unknown fringe', { kpis: [{ id: 'download', fringes: [3] }] }, 400, 'validation.invalidOption'),
      bad('an unknown time zone', { timeZone: 'Mars/Olympus' }, 400, 'validation.invalidOption'),
      ...imageCases('image', 'png', profileImageMaxBytes, 'profiles.imageTooLarge'),
      badUpdate('a date range that ends before it starts', { tsStart: '2026-05-01T00:00:00.000Z', tsEnd: '2026-04-01T00:00:00.000Z' }, 400, 'validation.endBeforeStart'),
    ],
    accepts: [{ name: 'an image of exactly 512 KB minus one byte', body: { image: image('png', profileImageMaxBytes) } }],
    update: { technologies: [5] },
    clear: { optional: 'startPage', required: 'name' },
  },
  {
    entity: 'mos',
    basePath: paths.mos,
    valid: { name: 'Mobile MOS', entries: [mosEntry({ weight: 60 }), latencyEntry] },
    nameExists: 'moses.nameExists',
    cases: [
      ...nameCases('moses.nameExists'),
      bad('no entries', { entries: [] }, 400, 'validation.required'),
      bad('a missing entries list', { entries: undefined }, 400, 'validation.required'),
      ...mosEntryCases('entries', [latencyEntry]),
      bad('several problems', { name: '', entries: [mosEntry({ weight: 101 })] }, 400, 'request.invalid'),
      badUpdate('an entry whose min is above its max', { entries: [mosEntry({ min: 5, max: 1 })] }, 400, 'moses.minAboveMax'),
    ],
    accepts: [{ name: 'decimal weights adding up to 100', body: { entries: [33.3, 33.3, 33.4].map((weight) => mosEntry({ weight })) } }],
    update: { entries: [mosEntry({ weight: 50 }), { ...latencyEntry, weight: 50 }] },
    clear: { required: 'entries' },
  },
  {
    entity: 'scorecard',
    basePath: paths.scorecard,
    valid: (refs) => ({
      name: 'Q1 mobile', status: 'Active', weight: 40, maxScore: 5, campaigns: [refs.campaign], clusters: [refs.cluster], providers: [refs.provider],
      isps: ['isp-9'], universes: [refs.universe], kpis: [scorecardKpi()], mosEntries: [mosEntry()],
    }),
    nameExists: 'scorecards.nameExists',
    cases: [
      ...nameCases('scorecards.nameExists'),
      bad('an unknown status', { status: 'Archived' }, 400, 'validation.invalidOption'),
      bad('a weight over 100', { weight: 101 }, 400, 'validation.outOfRange'),
      bad('no weight', { weight: undefined }, 400, 'validation.required'),
      bad('a max score of 0', { maxScore: 0 }, 400, 'validation.mustBePositive'),
      bad('no max score', { maxScore: undefined }, 400, 'validation.required'),
      bad('a blank cluster id', { clusters: [' '] }, 400, 'validation.required'),
      ...['campaigns', 'clusters', 'providers', 'universes'].map((field) => bad(`an unknown id in ${field}`, { [field]: ['no-such-id'] }, 400, 'validation.invalidOption')),
      bad('a KPI weight below 0', { kpis: [scorecardKpi({ weight: -1 })] }, 400, 'validation.outOfRange'),
      bad('KPI weights not adding up to 100', { kpis: [scorecardKpi({ weight: 70 }), scorecardKpi({ kpi: 'latency', weight: 20 })] }, 422, 'scorecards.kpiWeightsNotHundred'),
      bad('a fringe starting below 0', { kpis: [scorecardKpi({ fringes: [{ start: -1, end: 10 }] })] }, 400, 'validation.tooSmall'),
      bad('a fringe ending where it starts', { kpis: [scorecardKpi({ fringes: [{ start: 5, end: 5 }] })] }, 400, 'scorecards.fringeEndNotAfterStart'),
      bad('overlapping fringes', { kpis: [scorecardKpi({ fringes: [{ start: 20, end: 30 }, { start: 0, end: 10 }, { start: 5, end: 15 }] })] }, 422, 'scorecards.fringesOverlap'),
      ...mosEntryCases('mosEntries', []),
      bad('several problems', { weight: 101, maxScore: 0 }, 400, 'request.invalid'),
      badUpdate('KPI weights not adding up to 100', { kpis: [scorecardKpi({ weight: 50 })] }, 422, 'scorecards.kpiWeightsNotHundred'),
    ],
    accepts: [{ name: 'nothing associated yet', body: { campaigns: [], clusters: [], providers: [], universes: [], kpis: [], mosEntries: [] } }],
    update: { weight: 60 },
    clear: { required: 'maxScore' },
  },
  {
    entity: 'regulatory-report',
    basePath: paths['regulatory-report'],
    valid: (refs) => ({
      name: 'Mobile panel Q1', from: '2026-01-01', to: '2026-03-31', timeZone: 'Europe/Madrid', campaigns: [refs.campaign], clusters: [refs.cluster],
      providers: [refs.provider], universes: [refs.universe], technologies: [4, 5], peakHours: { from: 19, to: 22 },
      kpis: [{ kpi: 'download', statistics: [{ kind: 'median' }, { kind: 'percentile', p: 10 }, { kind: 'consistent' }] }],
    }),
    nameExists: 'regulatoryReports.nameExists',
    cases: [
      ...nameCases('regulatoryReports.nameExists'),
      bad('a period ending before it starts', { from: '2026-03-31', to: '2026-01-01' }, 400, 'regulatoryReports.periodEndBeforeStart'),
      bad('a period of four years', { from: '2022-01-01', to: '2026-01-01' }, 400, 'regulatoryReports.periodTooLong'),
      bad('a day that is not a date', { from: '2026-02-30' }, 400, 'validation.invalidDate'),
      bad('an unknown time zone', { timeZone: 'Mars/Olympus' }, 400, 'validation.invalidOption'),
      bad('a peak hour of 24', { peakHours: { from: 19, to: 24 } }, 400, 'validation.outOfRange'),
      bad('no KPI', { kpis: [] }, 400, 'validation.required'),
      bad('a KPI without statistics', { kpis: [{ kpi: 'download', statistics: [] }] }, 400, 'validation.required'),
      bad('an unknown statistic', { kpis: [{ kpi: 'download', statistics: [{ kind: 'mode' }] }] }, 400, 'validation.invalidOption'),
      bad('a percentile of 100', { kpis: [{ kpi: 'download', statistics: [{ kind: 'percentile', p: 100 }] }] }, 400, 'validation.outOfRange'),
      bad('consistent speed of latency', { kpis: [{ kpi: 'latency', statistics: [{ kind: 'consistent' }] }] }, 400, 'regulatoryReports.consistentSpeedOnly'),
      bad('a KPI listed twice', { kpis: [{ kpi: 'download', statistics: [{ kind: 'median' }] }, { kpi: 'download', statistics: [{ kind: 'mean' }] }] }, 400, 'regulatoryReports.kpiRepeated'),
      bad('a statistic listed twice', { kpis: [{ kpi: 'download', statistics: [{ kind: 'median' }, { kind: 'median' }] }] }, 400, 'regulatoryReports.statisticRepeated'),
      bad('a minimum of 0 probes', { minimumProbes: 0 }, 400, 'validation.outOfRange'),
      bad('50 resamples', { resamples: 50 }, 400, 'validation.outOfRange'),
      ...['campaigns', 'clusters', 'providers', 'universes'].map((field) => bad(`an unknown id in ${field}`, { [field]: ['no-such-id'] }, 400, 'validation.invalidOption')),
      bad('several problems', { name: '', resamples: 50 }, 400, 'request.invalid'),
      badUpdate('a period ending before it starts', { to: '2025-12-31' }, 400, 'regulatoryReports.periodEndBeforeStart'),
    ],
    accepts: [{ name: 'the whole panel, the whole day', body: { campaigns: [], clusters: [], providers: [], universes: [], technologies: [], peakHours: null } }],
    update: { minimumProbes: 10 },
    clear: { optional: 'peakHours', required: 'kpis' },
  },
  {
    entity: 'task-suite',
    basePath: paths['task-suite'],
    valid: validSuite(),
    nameExists: 'taskSuites.nameExists',
    cases: [
      ...nameCases('taskSuites.nameExists'),
      bad('an unknown probe family', { family: 'Raspberry Pi' }, 400, 'validation.invalidOption'),
      bad('a missing probe family', { family: undefined }, 400, 'validation.required'),
      bad('several problems', { family: 'Raspberry Pi', taskRules: { executionMode: 'parallel', scheduling: { measurementTtl: 172_800_001 } } }, 400, 'request.invalid'),
      badUpdate('a new probe family without confirmation while it has tasks', { family: 'Picoprobe' }, 422, 'taskSuites.familyChangeNeedsConfirmation'),
    ],
    accepts: [{ name: 'no tasks', body: { tasks: [] } }],
    update: { backendInfo: { resultReport: { mode: 'No report' } } },
    clear: { required: 'family' },
  },
];

// ── The suite ────────────────────────────────────────────────────────────────────────────────────────────────────

interface CommandResult {
  id: string;
  version: number;
  position?: string;
  entity: Body | null;
}

/**
 * The configuration entities' API as a user meets it, one table row per entity: a valid create, every rule broken one
 * at a time (nothing stored), concurrent creations racing for a unique value, update, clone, clearing with null and
 * delete; then the rules that span entities. Run on the embedded profile and on the distributed one (real servers).
 */
export function describeConfigurationApi(profile: string, environment: () => Promise<NodeJS.ProcessEnv>) {
  describe(`configuration API — ${profile}`, { timeout: 60_000 }, () => {
    let app: SignedClient;
    let as: TestApi['as'];
    const refs = {} as Refs;
    /** The position of the last successful write per collection: every read waits for it (read-your-writes). */
    const latest = new Map<string, string>();

    const url = (basePath: string, path = '', query = '') => {
      const position = latest.get(basePath);
      const params = [query, position ? `minPosition=${position}` : ''].filter(Boolean).join('&');
      return `${basePath}${path}${params ? `?${params}` : ''}`;
    };
    const list = async (basePath: string, query = 'pageSize=1') => {
      const response = await app.inject(url(basePath, '', query));
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { list: Body[]; count: number };
    };
    const read = (basePath: string, id: string) => app.inject(url(basePath, `/${id}`));
    async function command(
      basePath: string,
      method: 'POST' | 'PUT' | 'DELETE',
      path: string,
      payload?: Body,
      profileId?: string,
    ) {
      const response = await (profileId ? await as(profileId) : app).inject({
        method,
        url: `${basePath}${path}`,
        ...(payload ? { payload } : {}),
      });
      const position = response.statusCode < 300 ? (response.json() as CommandResult).position : undefined;
      if (position) latest.set(basePath, position);
      return response;
    }
    const post = (basePath: string, body: Body, profileId?: string) => command(basePath, 'POST', '', body, profileId);
    const put = (basePath: string, id: string, body: Body) => command(basePath, 'PUT', `/${id}`, body);
    const remove = (basePath: string, id: string, profileId?: string) =>
      command(basePath, 'DELETE', `/${id}`, undefined, profileId);
    const clone = (basePath: string, id: string, body: Body) => command(basePath, 'POST', `/${id}/clone`, body);

    const succeeded = (response: LightMyRequestResponse, status: 200 | 201) => {
      expect(response.statusCode, response.body.slice(0, 1000)).toBe(status);
      return response.json() as CommandResult;
    };
    /** The status and catalogue code; per-field problems all carry that code, or several codes for request.invalid. */
    function expectRefused(response: LightMyRequestResponse, status: number, code: HttpErrorCode) {
      const body = response.json();
      expect({ status: response.statusCode, code: body.code }, response.body.slice(0, 1000)).toEqual({ status, code });
      const fields = body.details?.fields as { code?: string }[] | undefined;
      if (fields && code === 'request.invalid') expect(new Set(fields.map((f) => f.code)).size).toBeGreaterThan(1);
      else if (fields) expect(fields.map((f) => f.code)).toEqual(fields.map(() => code));
    }

    beforeAll(async () => {
      ({ app, as } = await openTestApi(await environment()));
      for (const { kind, body } of references) refs[kind] = succeeded(await post(paths[kind], body(refs)), 201).id;
    }, 180_000);
    afterAll(() => app?.close());

    it('has a row for every configuration entity but tags, users, probes, CSV templates, alerts, personal dashboards and cubes (their own suites)', () =>
      expect(table.map((row) => row.basePath).sort()).toEqual(
        Object.values(configurationKinds)
          .map(({ basePath }) => basePath)
          .filter(
            (path) =>
              ![
                '/tags',
                '/users',
                '/probes',
                '/api/csv-templates',
                '/api/alert-config',
                '/dashboards/personal',
                '/api/cubes',
              ].includes(path),
          )
          .sort(),
      ));

    for (const row of table) {
      describe(row.entity, () => {
        const { basePath } = row;
        const cloneable = configurationEntities.find(
          (entity) => basePathOf(entity.definition.kind as ConfigurationKind) === basePath,
        )?.definition.cloneable;
        let valid: Body;
        /** The entity the valid create stored, as it is now. */
        let current: { id: string; version: number; fields: Body };
        /** How many entities the list should count (the signed-in test profile is one of the profiles). */
        let stored = row.entity === 'profile' ? 1 : 0;
        let serial = 0;
        /** Another entity built from the valid body: a name of its own, then the changes. */
        const variant = (changes: Body) => ({ ...valid, ...row.fresh, name: `${valid.name} ${++serial}`, ...changes });
        const expectStored = async () => expect((await list(basePath)).count).toBe(stored);

        it('creates a valid one, which the list (with minPosition) and the read then show', async () => {
          valid = typeof row.valid === 'function' ? row.valid(refs) : row.valid;
          const result = succeeded(await post(basePath, valid), 201);
          expect(result).toMatchObject({ version: 1, position: expect.any(String), entity: valid });
          expect(result.entity).toMatchObject({ id: result.id, owner: 'test-admin' });
          current = { id: result.id, version: 1, fields: valid };
          // The list names the profile that created it, for a person to read (the test profile is named as its id).
          expect((await list(basePath, `ids=${result.id}`)).list).toMatchObject([
            { id: result.id, ...valid, owner: 'test-admin', ownerName: 'test-admin' },
          ]);
          expect((await read(basePath, result.id)).json()).toMatchObject({ id: result.id, ...valid, version: 1 });
          stored = (await list(basePath)).count;
        });

        for (const rule of row.cases) {
          it(`refuses ${rule.on === 'update' ? 'on update ' : ''}${rule.name}: ${rule.status} ${rule.code}, storing nothing`, async () => {
            const change = typeof rule.body === 'function' ? rule.body(valid) : rule.body;
            if (rule.on === 'update') {
              expectRefused(await put(basePath, current.id, change), rule.status, rule.code);
              const now = (await read(basePath, current.id)).json();
              expect(now).toMatchObject({ ...current.fields, version: current.version });
            } else {
              expectRefused(await post(basePath, variant(change)), rule.status, rule.code);
            }
            await expectStored();
          });
        }

        const accepts = [{ name: 'a name of 64 characters', body: { name: 'N'.repeat(64) } }, ...(row.accepts ?? [])];
        for (const accepted of accepts) {
          it(`accepts ${accepted.name}`, async () => {
            succeeded(await post(basePath, variant(accepted.body)), 201);
            stored += 1;
            await expectStored();
          });
        }

        const races = [
          { rule: 'name', body: { name: `${row.entity} race` }, code: row.nameExists },
          ...(row.races ?? []),
        ];
        for (const race of races) {
          it(`lets exactly one of 5 concurrent creations with the same ${race.rule} succeed, the others ${race.code}`, async () => {
            const responses = await Promise.all(
              Array.from({ length: 5 }, () => post(basePath, { ...variant({}), ...race.body })),
            );
            expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
            expect(responses.filter((r) => r.statusCode === 409).map((r) => r.json().code)).toEqual(
              Array(4).fill(race.code),
            );
            stored += 1;
            await expectStored();
          });
        }

        it(`updates one field (${Object.keys(row.update).join()}), keeping the others`, async () => {
          const result = succeeded(await put(basePath, current.id, row.update), 200);
          current = { id: current.id, version: current.version + 1, fields: { ...current.fields, ...row.update } };
          expect(result).toMatchObject({ version: current.version, entity: current.fields });
          expect((await read(basePath, current.id)).json()).toMatchObject({
            ...current.fields,
            version: current.version,
          });
          await expectStored();
        });

        if (cloneable) {
          it('clones under a new name (201), and refuses a clone under a taken name (409)', async () => {
            const name = `${valid.name} copy`;
            const copy = succeeded(await clone(basePath, current.id, { name }), 201);
            stored += 1;
            expect(copy.id).not.toBe(current.id);
            expect(copy.entity).toMatchObject({ ...current.fields, name, owner: 'test-admin', version: 1 });
            expect((await read(basePath, copy.id)).json()).toMatchObject({ ...current.fields, name });
            expectRefused(await clone(basePath, current.id, { name: name.toUpperCase() }), 409, row.nameExists);
            await expectStored();
          });
        } else {
          it('has no clone route', async () => {
            expectRefused(await clone(basePath, current.id, { name: `${valid.name} copy` }), 404, 'route.notFound');
            await expectStored();
          });
        }

        const { optional, required } = row.clear;
        if (optional) {
          it(`clears the optional ${optional} with null`, async () => {
            const result = succeeded(await put(basePath, current.id, { [optional]: null }), 200);
            const { [optional]: _cleared, ...rest } = current.fields;
            current = { id: current.id, version: current.version + 1, fields: rest };
            expect(result.version).toBe(current.version);
            expect(result.entity).not.toHaveProperty(optional);
            const now = (await read(basePath, current.id)).json();
            expect(now).toMatchObject({ ...current.fields, version: current.version });
            expect(now).not.toHaveProperty(optional);
          });
        }

        it(`refuses to clear the required ${required} with null: 400 validation.required`, async () => {
          expectRefused(await put(basePath, current.id, { [required]: null }), 400, 'validation.required');
          const now = (await read(basePath, current.id)).json();
          expect(now).toMatchObject({ ...current.fields, version: current.version });
        });

        it('deletes it: the read answers 404 and the list no longer counts it', async () => {
          const result = succeeded(await remove(basePath, current.id), 200);
          expect(result).toMatchObject({ id: current.id, version: current.version + 1, entity: null });
          stored -= 1;
          expectRefused(await read(basePath, current.id), 404, 'resource.notFound');
          await expectStored();
        });
      });
    }

    describe('across entities', () => {
      it('refuses to delete a geographic filter a cluster uses (geofilters.inUse), until the cluster drops it', async () => {
        const area = succeeded(await post(paths.geofilter, { name: 'Used area', polygon }), 201);
        const cluster = succeeded(await post(paths.cluster, { name: 'Uses area', geoFilters: [area.id] }), 201);
        expectRefused(await remove(paths.geofilter, area.id), 422, 'geofilters.inUse');
        expect((await read(paths.geofilter, area.id)).json()).toMatchObject({ id: area.id, version: 1 });
        succeeded(await put(paths.cluster, cluster.id, { geoFilters: [] }), 200);
        succeeded(await remove(paths.geofilter, area.id), 200);
        expectRefused(await read(paths.geofilter, area.id), 404, 'resource.notFound');
      });

      it('refuses a cluster referring to an unknown or deleted geographic filter, on create and on update', async () => {
        const before = (await list(paths.cluster)).count;
        expectRefused(
          await post(paths.cluster, { name: 'Lost', geoFilters: ['no-such-filter'] }),
          422,
          'geofilters.notFound',
        );
        const gone = succeeded(await post(paths.geofilter, { name: 'Gone area', polygon }), 201);
        succeeded(await remove(paths.geofilter, gone.id), 200);
        expectRefused(await post(paths.cluster, { name: 'Lost', geoFilters: [gone.id] }), 422, 'geofilters.notFound');
        const cluster = succeeded(await post(paths.cluster, { name: 'Found' }), 201);
        expectRefused(await put(paths.cluster, cluster.id, { geoFilters: [gone.id] }), 422, 'geofilters.notFound');
        expect((await read(paths.cluster, cluster.id)).json()).toMatchObject({ geoFilters: [], version: 1 });
        expect((await list(paths.cluster)).count).toBe(before + 1);
      });

      it("refuses the forbidden name 'all' for campaigns, clusters, universes and geographic filters", async () => {
        const codes: Partial<Record<keyof Refs, HttpErrorCode>> = {
          campaign: 'campaigns.forbiddenName',
          cluster: 'clusters.forbiddenName',
          universe: 'universes.forbiddenName',
          geofilter: 'geofilters.forbiddenName',
        };
        for (const { kind, body } of references) {
          const code = codes[kind];
          if (code) expectRefused(await post(paths[kind], { ...body(refs), name: 'all' }), 422, code);
        }
      });

      it('lets only the profile that created a cluster delete it (clusters.deleteNotOwner)', async () => {
        const cluster = succeeded(await post(paths.cluster, { name: 'Owned' }, 'profile-a'), 201);
        expect(cluster.entity).toMatchObject({ owner: 'profile-a' });
        expectRefused(await remove(paths.cluster, cluster.id, 'profile-b'), 404, 'resource.notFound');
        await as('profile-c', { clusters: [cluster.id] });
        expectRefused(await remove(paths.cluster, cluster.id, 'profile-c'), 422, 'clusters.deleteNotOwner');
        expectRefused(await remove(paths.cluster, cluster.id), 422, 'clusters.deleteNotOwner');
        expect((await read(paths.cluster, cluster.id)).json()).toMatchObject({ id: cluster.id, version: 1 });
        succeeded(await remove(paths.cluster, cluster.id, 'profile-a'), 200);
        expectRefused(await read(paths.cluster, cluster.id), 404, 'resource.notFound');
      });
    });
  });
}
