import { type CsvTemplateColumn, csvBodyOf, type EnrichedMeasurement } from '@nq/contracts';
import { describe, expect, it } from 'vitest';
import type { MeasurementNames, NamedKind } from '../analytics/measurement-names.ts';
import { csvColumnsOf, csvRowOf } from './csv-columns.ts';

/** The names the configuration gives the ids the measurements carry (unknown ids keep their id). */
const known: Record<string, string> = { c1: 'Madrid drive', c2: 'North', p1: 'Movistar', p2: 'Orange', t1: 'Rooftop' };
const names: MeasurementNames = {
  learn: async () => undefined,
  nameOf: (_kind: NamedKind, id: string) => known[id] ?? id,
  namesOf: (_kind: NamedKind, ids: readonly string[]) => ids.map((id) => known[id] ?? id),
};

const measurement = (overrides: Partial<EnrichedMeasurement>): EnrichedMeasurement => ({
  schemaVersion: 1,
  measurementId: 'm1',
  probeId: 'probe001',
  program: 'speedtest',
  testType: 'http-download',
  technology: 4,
  measuredAt: '2026-03-01T10:00:00.000Z',
  taskMode: 'active',
  status: 'Finished',
  kpis: { download: 100 },
  receivedAt: '2026-03-01T10:00:01.000Z',
  hour: 11,
  weekday: 7,
  fringe: 0,
  campaigns: ['c1', 'c2'],
  clusters: [],
  universes: [],
  tags: [],
  technologyLabel: '4G',
  ...overrides,
});

const columns: CsvTemplateColumn[] = [
  { field: 'measurementId', operation: 'value' },
  { field: 'campaigns', operation: 'value' },
  { program: 'speedtest', key: 'download', operation: 'avg' },
  { program: 'speedtest', key: 'download', operation: 'max' },
  { program: 'ping', key: 'latency', operation: 'value' },
  { program: 'speedtest', key: 'download', operation: 'count' },
  { field: 'measuredAt', operation: 'min' },
];

describe('csvColumnsOf', () => {
  const extraction = csvColumnsOf({ columns }, names);

  it('names the columns as the template body does, in the template order', () => {
    expect(extraction.map((column) => column.header).join(',')).toBe(csvBodyOf(columns));
    expect(extraction[2]!.header).toBe('speedtest download (avg)');
  });

  it('writes one measurement per row: its values, lists joined, other programs blank, counts of 1 or 0', () => {
    expect(csvRowOf(extraction, [measurement({})])).toEqual([
      'm1',
      'Madrid drive|North',
      100,
      100,
      '',
      1,
      '2026-03-01T10:00:00.000Z',
    ]);
  });

  it('writes providers, campaigns and tags by name; only the columns named as ids hold ids', () => {
    const fields = ['ispName', 'ispId', 'isp', 'provider', 'providerId', 'campaigns', 'tags'] as const;
    const byName = csvColumnsOf({ columns: fields.map((field) => ({ field, operation: 'value' as const })) }, names);
    const row = (overrides: Partial<EnrichedMeasurement>) => csvRowOf(byName, [measurement(overrides)]);
    expect(row({ isp: 'movistar es', ispId: 'p1', provider: 'p2', tags: ['t1'] })).toEqual([
      'Movistar',
      'p1',
      'movistar es',
      'Orange',
      'p2',
      'Madrid drive|North',
      'Rooftop',
    ]);
    // An ISP no provider matched is written as reported.
    expect(row({ isp: 'Unknown ISP' }).slice(0, 3)).toEqual(['Unknown ISP', '', 'Unknown ISP']);
  });

  it('writes the same cell for one measurement without building a group, whatever the operation', () => {
    const operations = ['value', 'count', 'sum', 'avg', 'min', 'max'] as const;
    const every = csvColumnsOf(
      {
        columns: [
          ...operations.map((operation) => ({ program: 'speedtest', key: 'download', operation })),
          ...(['value', 'count', 'min', 'max'] as const).map((operation) => ({
            field: 'measuredAt' as const,
            operation,
          })),
          { field: 'isp', operation: 'value' },
          { field: 'isp', operation: 'count' },
          { field: 'campaigns', operation: 'value' },
        ],
      },
      names,
    );
    for (const one of [
      measurement({}),
      measurement({ program: 'ping', kpis: { latency: 3 } }),
      measurement({ isp: 'Digi' }),
    ])
      expect(every.map((column) => column.cellOfOne(one))).toEqual(every.map((column) => column.cellOf([one])));
  });

  it('applies each operation over a group of measurements', () => {
    const group = [
      measurement({ kpis: { download: 100 }, measuredAt: '2026-03-01T12:00:00.000Z' }),
      measurement({ measurementId: 'm2', kpis: { download: 50 }, measuredAt: '2026-03-01T09:00:00.000+01:00' }),
      measurement({ measurementId: 'm3', program: 'ping', testType: 'icmp-ping', kpis: { latency: 12 } }),
    ];
    const [, , avg, max, latency, count, earliest] = csvRowOf(extraction, group);
    expect([avg, max, latency, count]).toEqual([75, 100, 12, 2]);
    expect(earliest).toBe('2026-03-01T09:00:00.000+01:00');
  });
});
