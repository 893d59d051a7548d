import { csvDefaultsFor } from '@nq/contracts/files/csv-options';
import { describe, expect, it } from 'vitest';
import type { ChartData } from './chart-model.ts';
import { type ChartTableNames, chartTable, csvOf } from './chart-table.ts';

const names: ChartTableNames = {
  category: 'Category',
  series: 'Series',
  instant: (at) => new Date(at).toISOString().slice(0, 10),
  boxParts: { min: 'min', q1: 'q1', median: 'median', q3: 'q3', max: 'max' },
  point: { x: 'X', y: 'Y', size: 'size', label: 'name' },
};
const everything = () => true;

describe('chart table and CSV', () => {
  const data: ChartData = {
    axis: { kind: 'time', values: [Date.parse('2026-01-01'), Date.parse('2026-01-03')], title: 'Day' },
    series: [
      { id: 'a', name: 'Movistar, "fibre"', values: [10.5, null] },
      { id: 'b', name: 'Orange', values: [1234.125, 7] },
    ],
  };

  it('writes a row per axis value, missing values empty, numbers as they are, names quoted when needed', () => {
    // A time axis' instants are written as local date-times with their offset (UTC by default).
    expect(csvOf(chartTable(data, everything, names))).toBe(
      [
        'Day,"Movistar, ""fibre""",Orange',
        '2026-01-01T00:00:00+00:00,10.5,1234.125',
        '2026-01-03T00:00:00+00:00,,7',
      ].join('\n'),
    );
  });

  it('keeps a name a spreadsheet would run as a formula as text', () => {
    const named: ChartData = { ...data, series: [{ id: 'a', name: '=HYPERLINK("http://x","y")', values: [1, -2] }] };
    expect(csvOf(chartTable(named, everything, names))).toBe(
      ['Day,"\'=HYPERLINK(""http://x"",""y"")"', '2026-01-01T00:00:00+00:00,1', '2026-01-03T00:00:00+00:00,-2'].join(
        '\n',
      ),
    );
  });

  it('leaves hidden series out; the table shows a time axis by its own labels, the CSV by its instants', () => {
    const labelled: ChartData = { ...data, axis: { ...data.axis, labels: ['1 Jan', '3 Jan'] } as ChartData['axis'] };
    const table = chartTable(labelled, (id) => id !== 'a', names);
    expect(table.rows.map((row) => row.cells[0])).toEqual(['1 Jan', '3 Jan']);
    expect(csvOf(table)).toBe('Day,Orange\n2026-01-01T00:00:00+00:00,1234.125\n2026-01-03T00:00:00+00:00,7');
  });

  it('writes as its options say: delimiter, decimal comma, byte-order mark, time zone', () => {
    const spanish = csvDefaultsFor('es', 'Europe/Madrid');
    expect(csvOf(chartTable(data, everything, names), spanish)).toBe(
      [
        '\ufeffDay;"Movistar, ""fibre""";Orange',
        '2026-01-01T01:00:00+01:00;10,5;1234,125',
        '2026-01-03T01:00:00+01:00;;7',
      ].join('\n'),
    );
    // A name holding the delimiter is quoted; one that would run as a formula stays text whatever the delimiter.
    const named: ChartData = {
      axis: { kind: 'category', values: ['Madrid; centre', '@home'] },
      series: [{ id: 'a', name: '=1;2', values: [0.5, -1] }],
    };
    expect(csvOf(chartTable(named, everything, names), { ...spanish, bom: false })).toBe(
      ['Category;"\'=1;2"', '"Madrid; centre";0,5', "'@home;-1"].join('\n'),
    );
    expect(csvOf(chartTable(data, everything, names), { ...spanish, timeZone: 'America/New_York' })).toContain(
      '\n2025-12-31T19:00:00-05:00;10,5;1234,125\n',
    );
  });

  it('writes five columns per boxes set, and a row per scatter point', () => {
    const boxes: ChartData = {
      axis: { kind: 'category', values: ['Mon', 'Tue'] },
      series: [],
      boxes: [{ id: 'x', name: 'Digi', boxes: [[1, 2, 3, 4, 5], null] }],
    };
    expect(csvOf(chartTable(boxes, everything, names))).toBe(
      'Category,Digi · min,Digi · q1,Digi · median,Digi · q3,Digi · max\nMon,1,2,3,4,5\nTue,,,,,',
    );
    const points: ChartData = {
      axis: { kind: 'category', values: [] },
      series: [],
      points: [{ id: 'p', name: 'Probes', points: [{ x: 1, y: 2, size: 3, label: 'p1' }] }],
    };
    expect(csvOf(chartTable(points, everything, names))).toBe('Series,X,Y,size,name\nProbes,1,2,3,p1');
  });
});
