import { type CubeDimension, cubeDimensions } from '@nq/contracts';
import { sampleMeasurement } from '@nq/platform/measurements/measurement-store.contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CubeDefinition, compareAsUtf8, contributionsOf, keyTextAround, rowKeyText } from './cube-rows.ts';

const text = fc.string({ unit: 'binary', maxLength: 12 });
// A row's dimensions hold the values a measurement has (some of the cube's dimensions, in any order).
const dimensionValue = fc.oneof(text, fc.integer(), fc.array(text, { maxLength: 3 }));

describe('cube rows', () => {
  it('keep the ids they were stored under: a key’s text written in two parts is the text hashed before', () => {
    fc.assert(
      fc.property(
        fc.record({ cubeId: text, bucket: text, kpi: text, partition: fc.integer({ min: -1, max: 1_000 }) }),
        fc.dictionary(fc.constantFrom(...cubeDimensions), dimensionValue),
        ({ kpi, ...key }, dimensions) => {
          const sortedNames = [...cubeDimensions].sort() as CubeDimension[];
          const parts = keyTextAround({ ...key, dimensions }, sortedNames);
          expect(`${parts.before}${JSON.stringify(kpi)}${parts.after}`).toBe(
            rowKeyText({ ...key, kpi: kpi as never, dimensions }),
          );
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('order measurement ids as their UTF-8 bytes, as the engines do', () => {
    expect(compareAsUtf8('m\u{1F4F6}', 'm\uFF01')).toBeGreaterThan(0); // as code units it would be less
    fc.assert(
      fc.property(text, text, (a, b) => {
        expect(Math.sign(compareAsUtf8(a, b))).toBe(Math.sign(Buffer.compare(Buffer.from(a), Buffer.from(b))));
      }),
      { numRuns: 2_000 },
    );
  });

  it('keep the first and last value of a row in (time, id) order, whatever order the batch came in', () => {
    const cube: CubeDefinition = {
      id: 'c',
      name: 'c',
      grain: 'day',
      timeZone: 'Europe/Madrid',
      dimensions: ['isp'],
      kpis: ['download'],
    };
    const at = (measurementId: string, measuredAt: string, download: number) =>
      sampleMeasurement({ measurementId, measuredAt, kpis: { download }, ispId: 'isp-1' });
    const batch = [
      at('m2', '2026-11-20T10:00:00+01:00', 2),
      at('m9', '2026-11-20T09:00:00.000Z', 9),
      at('m1', '2026-11-20T10:00:00+01:00', 1),
      at('m3', '2026-11-20T21:00:00Z', 3),
      at('m4', '2026-11-20T21:00:00.000Z', 4),
    ];
    const [row] = [
      ...contributionsOf(
        cube,
        batch.map((measurement) => ({ measurement })),
      ).values(),
    ];
    expect(row).toMatchObject({ count: 5, first: 1, firstId: 'm1', last: 4, lastId: 'm4' });
    expect(row!.firstAt).toBe('2026-11-20T09:00:00.000Z');
  });
});
