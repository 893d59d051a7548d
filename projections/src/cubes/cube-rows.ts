import { createHash } from 'node:crypto';
import {
  type CubeDimension,
  type CubeFields,
  defaultMeasurementSource,
  type EnrichedMeasurement,
  instantOfLocal,
  type KpiId,
  wallClockAt,
} from '@nq/contracts';
import { addToBins, type Bins, binsOf, mergeBins } from './quantile-sketch.ts';

/** A cube definition as the read model holds it. */
export type CubeDefinition = CubeFields & { id: string };

/** Where ingest read a measurement from `measurements.raw`; rows count each (partition, offset) once. */
export interface IngestSource {
  partition: number;
  offset: number;
}

/** A measurement as a cube reads it: the document, and where it was ingested from (absent: written directly). */
export interface CubeInput {
  measurement: EnrichedMeasurement;
  source?: IngestSource;
}

type DimensionValue = string | number | string[];
export type RowDimensions = Partial<Record<CubeDimension, DimensionValue>>;

/** What identifies a row: cube, bucket start, kept dimension values, KPI and the raw partition it counts. */
export interface RowKey {
  cubeId: string;
  bucket: string;
  dimensions: RowDimensions;
  kpi: KpiId;
  /** −1 for measurements written without passing through the stream (a demo history, an import). */
  partition: number;
}

/** The mergeable measures of a row's KPI values. */
export interface RowMeasures {
  count: number;
  sum: number;
  min: number;
  max: number;
  first: number;
  firstAt: string;
  firstId: string;
  last: number;
  lastAt: string;
  lastId: string;
  bins: Map<number, number>;
  probes: Set<string>;
}

/** A stored row: its key, measures and the highest raw offset of its partition already counted in it. */
export interface CubeRow extends RowKey, RowMeasures {
  id: string;
  appliedOffset: number;
}

/** A row as stores hold it (bins as arrays, probes as a list). */
export type StoredRow = RowKey &
  Omit<RowMeasures, 'bins' | 'probes'> & { id: string; appliedOffset: number; bins: Bins; probes: string[] };

const sortedList = (values: string[]) => [...new Set(values)].sort();

const dimensionValue: Record<CubeDimension, (m: EnrichedMeasurement) => DimensionValue | undefined> = {
  program: (m) => m.program,
  testType: (m) => m.testType,
  status: (m) => m.status,
  destination: (m) => m.destination?.name,
  isp: (m) => m.ispId,
  provider: (m) => m.provider,
  technology: (m) => m.technology,
  probe: (m) => m.probeId,
  probeType: (m) => m.probeType,
  campaign: (m) => sortedList(m.campaigns),
  universe: (m) => sortedList(m.universes),
  cluster: (m) => sortedList(m.clusters),
  tag: (m) => sortedList(m.tags),
  fringe: (m) => m.fringe,
  source: (m) => m.source ?? defaultMeasurementSource,
  hour: (m) => m.hour,
  weekday: (m) => m.weekday,
};

const hourMs = 3_600_000;
const dayMs = 86_400_000;
/** Per zone and UTC hour: the start of the local day holding it, when the whole hour is in that day. */
const dayStarts = new Map<string, number | null>();

const localDayStart = (instant: number, timeZone: string) =>
  instantOfLocal(Math.floor(wallClockAt(instant, timeZone) / dayMs) * dayMs, timeZone);

/** The start of the bucket holding an instant: its UTC hour, or its day in the cube's zone. */
export function bucketStart(cube: Pick<CubeFields, 'grain' | 'timeZone'>, instant: number): number {
  const hour = Math.floor(instant / hourMs) * hourMs;
  if (cube.grain === 'hour') return hour;
  // A zone whose offset is whole hours puts a whole UTC hour in one local day (read once per hour); a half-hour zone's
  // day starts inside a UTC hour, so its instants are placed one by one.
  const key = `${cube.timeZone}|${hour}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    const offset = wallClockAt(hour, cube.timeZone) - hour;
    start = offset % hourMs === 0 ? localDayStart(hour, cube.timeZone) : null;
    if (dayStarts.size > 100_000) dayStarts.clear();
    dayStarts.set(key, start);
  }
  return start ?? localDayStart(instant, cube.timeZone);
}

/** The text a row's id is hashed from: the same key always gives the same text, whatever its dimensions' order. */
const keyTextOf = (key: RowKey) =>
  JSON.stringify([
    key.cubeId,
    key.bucket,
    key.kpi,
    key.partition,
    Object.keys(key.dimensions)
      .sort()
      .map((name) => [name, key.dimensions[name as CubeDimension]]),
  ]);

/**
 * `keyTextOf` in two parts, around the KPI: what a measurement's values share is written once for all its KPIs (the
 * text must stay the same: stored rows' ids are hashed from it).
 */
export const keyTextAround = (key: Omit<RowKey, 'kpi'>, sortedNames: readonly CubeDimension[]) => {
  const dimensions = sortedNames.flatMap((name) =>
    key.dimensions[name] === undefined ? [] : [[name, key.dimensions[name]]],
  );
  return {
    before: `${JSON.stringify([key.cubeId, key.bucket]).slice(0, -1)},`,
    after: `,${JSON.stringify(key.partition)},${JSON.stringify(dimensions)}]`,
  };
};
const idOfText = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 32);

/** A row's id: the same key always gives the same id. */
export const rowIdOf = (key: RowKey): string => idOfText(keyTextOf(key));

/** The text `rowIdOf` hashes (exported for the test holding `keyTextAround` to it). */
export const rowKeyText = keyTextOf;

const emptyMeasures = (value: number, at: string, id: string): RowMeasures => ({
  count: 0,
  sum: 0,
  min: value,
  max: value,
  first: value,
  firstAt: at,
  firstId: id,
  last: value,
  lastAt: at,
  lastId: id,
  bins: new Map(),
  probes: new Set(),
});

/** Texts in the order of their UTF-8 bytes (as both engines sort ids); below the surrogates, as their code units. */
export function compareAsUtf8(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index += 1) {
    const x = a.charCodeAt(index);
    const y = b.charCodeAt(index);
    if (x === y) continue;
    if (x < 0xd800 && y < 0xd800) return x - y;
    return Buffer.compare(Buffer.from(a), Buffer.from(b));
  }
  return a.length - b.length;
}

/**
 * Earlier in (time, measurement id) order. Instants are ISO texts in UTC with milliseconds (every one a row holds was
 * written by `toISOString`), which sort as text in time order.
 */
const isBefore = (at: string, id: string, thanAt: string, thanId: string) =>
  at < thanAt || (at === thanAt && compareAsUtf8(id, thanId) < 0);

/**
 * An instant as `toISOString` writes it: the text itself when it already has that form (as ingest writes every
 * measurement's), else written again from the instant it parses to.
 */
const isoInstantOf = (text: string, instant = Date.parse(text)) =>
  text.length === 24 && text[10] === 'T' && text[19] === '.' && text[23] === 'Z'
    ? text
    : new Date(instant).toISOString();

const instantText = (measurement: EnrichedMeasurement) => isoInstantOf(measurement.measuredAt);

function addValue(
  measures: RowMeasures,
  value: number,
  measurement: EnrichedMeasurement,
  at = instantText(measurement),
) {
  const id = measurement.measurementId;
  measures.count += 1;
  measures.sum += value;
  if (value < measures.min) measures.min = value;
  if (value > measures.max) measures.max = value;
  if (isBefore(at, id, measures.firstAt, measures.firstId)) {
    measures.first = value;
    measures.firstAt = at;
    measures.firstId = id;
  }
  if (isBefore(measures.lastAt, measures.lastId, at, id)) {
    measures.last = value;
    measures.lastAt = at;
    measures.lastId = id;
  }
  addToBins(measures.bins, value);
  measures.probes.add(measurement.probeId);
}

/** Adds `from`'s measures into `into` (both of the same key). */
export function mergeMeasures(into: RowMeasures, from: RowMeasures) {
  if (from.count === 0) return;
  if (into.count === 0) {
    Object.assign(into, { ...from, bins: new Map(from.bins), probes: new Set(from.probes) });
    return;
  }
  into.count += from.count;
  into.sum += from.sum;
  into.min = Math.min(into.min, from.min);
  into.max = Math.max(into.max, from.max);
  if (isBefore(from.firstAt, from.firstId, into.firstAt, into.firstId))
    Object.assign(into, { first: from.first, firstAt: from.firstAt, firstId: from.firstId });
  if (isBefore(into.lastAt, into.lastId, from.lastAt, from.lastId))
    Object.assign(into, { last: from.last, lastAt: from.lastAt, lastId: from.lastId });
  mergeBins(into.bins, binsOf(from.bins));
  for (const probe of from.probes) into.probes.add(probe);
}

/** A batch's contribution to a row: the measures of its values and the highest raw offset among them. */
export interface Contribution extends RowKey, RowMeasures {
  id: string;
  highestOffset: number;
  /** The offsets counted, so that a row already past some of them takes only the rest. */
  inputs: { value: number; measurement: EnrichedMeasurement; offset: number }[];
}

/** A dimension value in a batch's local row key, unambiguously: texts by their length, numbers and lists apart. */
const localKeyPart = (value: DimensionValue | undefined) =>
  value === undefined
    ? ''
    : typeof value === 'string'
      ? `${value.length}:${value}`
      : typeof value === 'number'
        ? `#${value}`
        : JSON.stringify(value);

/**
 * Groups measurements into the rows of a cube they count in: one contribution per row key, each KPI value of each
 * measurement in exactly one.
 */
export function contributionsOf(
  cube: CubeDefinition,
  inputs: Iterable<CubeInput>,
  options: { keepInputs?: boolean; into?: Map<string, Contribution> } = {},
): Map<string, Contribution> {
  const keepInputs = options.keepInputs ?? true;
  const rows = options.into ?? new Map<string, Contribution>();
  const sortedNames = [...cube.dimensions].sort();
  // Values of one measurement share their row's key but for the KPI: its rows are found through a short local key
  // (bucket, partition, dimension values), then by KPI. The full key text is written and hashed once per row.
  const groups = new Map<string, { key: Omit<RowKey, 'kpi'>; byKpi: Map<string, Contribution> }>();
  let bucketMs = Number.NaN;
  let bucket = '';
  for (const { measurement, source } of inputs) {
    const instant = Date.parse(measurement.measuredAt);
    const at = isoInstantOf(measurement.measuredAt, instant);
    const start = bucketStart(cube, instant);
    if (start !== bucketMs) {
      bucketMs = start;
      bucket = new Date(start).toISOString();
    }
    const partition = source?.partition ?? -1;
    const offset = source?.offset ?? -1;
    const dimensions: RowDimensions = {};
    let localKey = `${start},${partition}`;
    for (const dimension of cube.dimensions) {
      const value = dimensionValue[dimension](measurement);
      if (value !== undefined) dimensions[dimension] = value;
      localKey += `,${localKeyPart(value)}`;
    }
    let group = groups.get(localKey);
    if (!group) {
      group = { key: { cubeId: cube.id, bucket, dimensions, partition }, byKpi: new Map() };
      groups.set(localKey, group);
    }
    const kpis = measurement.kpis as Record<KpiId, number>;
    for (const kpi in kpis) {
      const value = kpis[kpi as KpiId];
      if (!Number.isFinite(value) || (cube.kpis.length > 0 && !cube.kpis.includes(kpi as KpiId))) continue;
      let row = group.byKpi.get(kpi);
      if (!row) {
        const text = keyTextAround(group.key, sortedNames);
        const id = idOfText(`${text.before}${JSON.stringify(kpi)}${text.after}`);
        row = rows.get(id);
        if (!row) {
          row = {
            ...group.key,
            kpi: kpi as KpiId,
            ...emptyMeasures(value, at, measurement.measurementId),
            id,
            highestOffset: -1,
            inputs: [],
          };
          rows.set(id, row);
        }
        group.byKpi.set(kpi, row);
      }
      addValue(row, value, measurement, at);
      if (offset > row.highestOffset) row.highestOffset = offset;
      if (keepInputs) row.inputs.push({ value, measurement, offset });
    }
  }
  return rows;
}

/**
 * The part of a contribution a stored row has not counted yet: the values after its applied offset (all of them for
 * a new row). Undefined when it has counted them all (a batch delivered again).
 */
export function unappliedPart(contribution: Contribution, appliedOffset: number | undefined): RowMeasures | undefined {
  if (appliedOffset === undefined || contribution.partition < 0) return contribution;
  const rest = contribution.inputs.filter((input) => input.offset > appliedOffset);
  if (rest.length === 0) return undefined;
  if (rest.length === contribution.inputs.length) return contribution;
  return measuresOf(rest);
}

/** The measures of some of a contribution's values (at least one). */
export function measuresOf(inputs: Contribution['inputs']): RowMeasures {
  const first = inputs[0]!;
  const measures = emptyMeasures(first.value, instantText(first.measurement), first.measurement.measurementId);
  for (const input of inputs) addValue(measures, input.value, input.measurement);
  return measures;
}

export const storedRowOf = (row: RowKey & RowMeasures & { id: string; appliedOffset: number }): StoredRow => ({
  id: row.id,
  cubeId: row.cubeId,
  bucket: row.bucket,
  dimensions: row.dimensions,
  kpi: row.kpi,
  partition: row.partition,
  appliedOffset: row.appliedOffset,
  count: row.count,
  sum: row.sum,
  min: row.min,
  max: row.max,
  first: row.first,
  firstAt: row.firstAt,
  firstId: row.firstId,
  last: row.last,
  lastAt: row.lastAt,
  lastId: row.lastId,
  bins: binsOf(row.bins),
  probes: [...row.probes].sort(),
});

export const rowOfStored = (stored: StoredRow): CubeRow => {
  const bins = new Map<number, number>();
  mergeBins(bins, stored.bins);
  return { ...stored, bins, probes: new Set(stored.probes) };
};
