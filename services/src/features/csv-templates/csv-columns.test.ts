import { type CsvTemplateColumn, csvBodyOf, type EnrichedMeasurement } from '@nq/contracts';
import { describe, expect, it } from 'vitest';
import { csvColumnsOf, csvRowOf } from './csv-columns.ts';

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
  const extraction = csvColumnsOf({ columns });

  it('names the columns as the template body does, in the template order', () => {
    expect(extraction.map((column) => column.header).join(',')).toBe(csvBodyOf(columns));
    expect(extraction[2]!.header).toBe('speedtest download (avg)');
  });

  it('writes one measurement per row: its values, lists joined, other programs blank, counts of 1 or 0', () => {
    expect(csvRowOf(extraction, [measurement({})])).toEqual([
      'm1',
      'c1|c2',
      100,
      100,
      '',
      1,
      '2026-03-01T10:00:00.000Z',
    ]);
  });

  it('writes the same cell for one measurement without building a group, whatever the operation', () => {
    const operations = ['value', 'count', 'sum', 'avg', 'min', 'max'] as const;
    const every = csvColumnsOf({
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
    });
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
