import type { LogRecord } from '@nq/platform/log/log-port';
import { describe, expect, it } from 'vitest';
import { readBatch } from './ingest-batch.ts';
import { localTimeOf } from './local-time.ts';
import { insidePolygon, polygonIndex } from './point-in-polygon.ts';

const square = (x: number, y: number, size: number): [number, number][] => [
  [x, y],
  [x + size, y],
  [x + size, y + size],
  [x, y + size],
  [x, y],
];

describe('enrichment parts', () => {
  it('places a point in the polygons that hold it, holes excluded', () => {
    expect(insidePolygon([0.5, 0.5], [square(0, 0, 1)])).toBe(true);
    expect(insidePolygon([1.5, 0.5], [square(0, 0, 1)])).toBe(false);
    expect(insidePolygon([0.5, 0.5], [square(0, 0, 1), square(0.25, 0.25, 0.5)])).toBe(false);
    const find = polygonIndex([
      { id: 'big', rings: [square(0, 0, 10)] },
      { id: 'small', rings: [square(1, 1, 1)] },
      { id: 'far', rings: [square(50, 50, 1)] },
    ]);
    const at = Date.parse('2026-11-20T21:30:00Z');
    expect(find([1.5, 1.5], at).sort()).toEqual(['big', 'small']);
    expect(find([5, 5], at)).toEqual(['big']);
    expect(find([-1, -1], at)).toEqual([]);
  });

  it('places a point by the polygon in force at the instant: from inclusive, until exclusive', () => {
    const moved = Date.parse('2026-06-01T00:00:00Z');
    const find = polygonIndex([
      { id: 'campaign', rings: [square(0, 0, 1)], until: moved },
      { id: 'campaign', rings: [square(5, 5, 1)], from: moved },
    ]);
    expect(find([0.5, 0.5], moved - 1)).toEqual(['campaign']);
    expect(find([0.5, 0.5], moved)).toEqual([]);
    expect(find([5.5, 5.5], moved)).toEqual(['campaign']);
    expect(find([5.5, 5.5], moved - 1)).toEqual([]);
  });

  it('reads hour, weekday and fringe in the time zone given, across a daylight-saving change', () => {
    // 2026-11-20 was a Friday; Madrid is UTC+1 in winter and UTC+2 in summer.
    expect(localTimeOf('2026-11-20T21:30:00Z', 'Europe/Madrid')).toEqual({ hour: 22, weekday: 5, fringe: 2 });
    expect(localTimeOf('2026-07-20T12:00:00Z', 'Europe/Madrid')).toEqual({ hour: 14, weekday: 1, fringe: 1 });
    expect(localTimeOf('2026-11-22T23:30:00Z', 'Etc/UTC')).toEqual({ hour: 23, weekday: 7, fringe: 2 });
    expect(localTimeOf('2026-11-22T07:00:00Z', 'America/Mexico_City')).toEqual({ hour: 1, weekday: 7, fringe: 2 });
  });

  it('reads the local time of instants in the same quarter-hour, and on both sides of an offset change, exactly', () => {
    // Madrid moved from UTC+1 to UTC+2 at 2026-03-29T01:00:00Z; Kathmandu is UTC+5:45.
    const hourOf = (instant: string, timeZone: string) => localTimeOf(instant, timeZone).hour;
    expect(hourOf('2026-03-29T00:45:00Z', 'Europe/Madrid')).toBe(1);
    expect(hourOf('2026-03-29T00:59:59.999Z', 'Europe/Madrid')).toBe(1);
    expect(hourOf('2026-03-29T01:00:00Z', 'Europe/Madrid')).toBe(3);
    expect(hourOf('2026-01-01T00:00:00Z', 'Asia/Kathmandu')).toBe(5);
    expect(hourOf('2026-01-01T00:14:59Z', 'Asia/Kathmandu')).toBe(5);
    expect(hourOf('2026-01-01T00:15:00Z', 'Asia/Kathmandu')).toBe(6);
    expect(localTimeOf('2026-01-01T00:20:00+05:45', 'Asia/Kathmandu')).toEqual({ hour: 0, weekday: 4, fringe: 2 });
  });

  it('keeps the valid measurements of a batch and dead-letters each invalid one with its payload and place', () => {
    const record = (value: string, offset: number): LogRecord => ({
      topic: 'measurements.raw',
      partition: 2,
      offset: String(offset),
      timestamp: 0,
      key: 'p1',
      value,
    });
    const good = {
      measurementId: 'm1',
      probeId: 'p1',
      program: 'speedtest',
      testType: 'http-download',
      technology: 4,
      measuredAt: '2026-11-20T10:00:00Z',
      status: 'Finished',
      receivedAt: '2026-11-20T10:00:01Z',
    };
    const { measurements, deadLetters } = readBatch([
      record(JSON.stringify(good), 1),
      record('{not json', 2),
      record(JSON.stringify({ ...good, technology: 7 }), 3),
    ]);
    expect(measurements.map((m) => [m.measurementId, m.receivedAt])).toEqual([['m1', '2026-11-20T10:00:01Z']]);
    expect(deadLetters.map((letter) => [letter.reason, letter.source.offset])).toEqual([
      ['invalid', '2'],
      ['invalid', '3'],
    ]);
    expect(deadLetters[1]!.problems[0]).toMatchObject({ field: 'technology' });
    expect(deadLetters[0]!.payload).toBe('{not json');
  });
});
