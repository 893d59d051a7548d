import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isErrorCode, translate } from '../errors/index.ts';
import { displayOptionsSchema } from './graphic-display.ts';
import { queryIrSchema } from './query-ir.ts';
import { graphicResponseSchema, queryResultSchema } from './query-result.ts';

const problems = (input: unknown) => {
  const result = queryIrSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('query IR', () => {
  it('fills the defaults of the graphic filter set', () => {
    expect(queryIrSchema.parse({ kpi: 'download' })).toEqual({
      graphicType: 'bars',
      kpi: 'download',
      argsCond: 'include',
      ispsCond: 'include',
      tagsCond: 'include',
      technologiesCond: 'include',
      fringesCond: 'include',
      sourcesCond: 'include',
      breakdowns: [],
      granularity: 'no_granularity',
      metric: 'avg',
      outliers: false,
      globalAverage: false,
      median: false,
      ordered: false,
      sortOrder: 'ascending',
    });
  });

  it('accepts conditions joined by and, or and not', () => {
    const conditions = {
      and: [
        { kpi: 'latency', operator: 'lt', value: 30 },
        { or: [{ kpi: 'loss', operator: 'not_exists' }, { not: { kpi: 'jitter', operator: 'gte', value: 5 } }] },
      ],
    };
    expect(queryIrSchema.parse({ kpi: 'download', conditions }).conditions).toEqual(conditions);
  });

  it('names every problem with a catalogue code', () => {
    const all = [
      ...problems({ kpi: 'speed', metric: 'mean', granularity: 'fortnight', hourStart: 24 }),
      ...problems({ kpi: 'download', tsStart: '2026-03-02', tsEnd: '2026-03-01', breakdowns: ['isp', 'isp'] }),
      ...problems({ kpi: 'download', conditions: { kpi: 'latency', operator: 'between', value: 1 } }),
      ...problems({ kpi: 'download', conditions: { xor: [] } }),
      ...problems({ graphicType: 'boxplot', kpi: 'download' }),
    ];
    expect(all.length).toBeGreaterThan(0);
    for (const [path, code] of all) expect(isErrorCode(code), `${path}: ${code}`).toBe(true);
  });

  it('takes the KPI of bars, lines…, and the axes of boxplots and scatterplots (no KPI)', () => {
    expect(problems({ graphicType: 'line' })).toEqual([['kpi', 'validation.required']]);
    expect(problems({ graphicType: 'boxplot', kpi: 'download', axes: { value: 'download' } })).toEqual([
      ['kpi', 'graphics.kpiNotAllowed'],
    ]);
    expect(problems({ graphicType: 'boxplot' })).toEqual([['axes.value', 'validation.required']]);
    expect(problems({ graphicType: 'scatterplot', axes: { x: 'download' } })).toEqual([
      ['axes.y', 'validation.required'],
    ]);
  });

  it('samples a scatterplot per universe or per campaign only', () => {
    const scatterplot = { graphicType: 'scatterplot', axes: { x: 'download', y: 'upload' } };
    expect(problems({ ...scatterplot, breakdowns: ['universe'] })).toEqual([]);
    expect(problems({ ...scatterplot, breakdowns: ['campaign'] })).toEqual([]);
    expect(problems({ ...scatterplot, breakdowns: ['isp'] })).toEqual([['breakdowns', 'validation.invalidOption']]);
  });

  it('refuses an end date before the start and conditions nested too deep', () => {
    expect(problems({ kpi: 'download', tsStart: '2026-03-02', tsEnd: '2026-03-01' })).toEqual([
      ['tsEnd', 'validation.endBeforeStart'],
    ]);
    const nested = (levels: number) => {
      let deep: unknown = { kpi: 'latency', operator: 'not_exists' };
      for (let level = 0; level < levels; level += 1) deep = { not: deep };
      return deep;
    };
    expect(problems({ kpi: 'download', conditions: nested(5) })).toEqual([]);
    expect(problems({ kpi: 'download', conditions: nested(6) })).toEqual([
      ['conditions', 'graphics.conditionsTooDeep'],
    ]);
    // Refused before zod parses it: parsing recurses once per level, and this deep would overflow the stack.
    expect(problems({ kpi: 'download', conditions: nested(3000) })).toEqual([
      ['conditions', 'graphics.conditionsTooDeep'],
    ]);
  });

  it('converts to JSON Schema for the OpenAPI document', () => {
    expect(() => z.toJSONSchema(queryIrSchema, { io: 'input' })).not.toThrow();
    expect(() => z.toJSONSchema(graphicResponseSchema, { io: 'output' })).not.toThrow();
  });

  it('describes results of each kind', () => {
    expect(
      queryResultSchema.parse({
        kind: 'metric',
        metric: 'avg',
        series: [{ key: { isp: 'Movistar' }, buckets: [{ key: '2026-03-01T00:00:00.000Z', count: 2, value: 1.5 }] }],
        warnings: [],
      }).kind,
    ).toBe('metric');
    expect(
      queryResultSchema.safeParse({ kind: 'boxplot', series: [], warnings: [{ code: 'graphics.noData' }] }).success,
    ).toBe(true);
    expect(
      queryResultSchema.safeParse({ kind: 'scatterplot', series: [], warnings: [{ code: 'tags.nameExists' }] }).success,
    ).toBe(false);
  });

  it('takes every graphic type whatever generator it names: the profile decides what is drawn', () => {
    for (const graphicType of ['bars', 'line', 'area', 'table', 'pie'])
      expect(problems({ generator: 'basic', graphicType, kpi: 'download' })).toEqual([]);
    expect(problems({ generator: 'basic', graphicType: 'boxplot', axes: { value: 'download' } })).toEqual([]);
    expect(problems({ graphicType: 'scatterplot', axes: { x: 'download', y: 'upload' } })).toEqual([]);
    expect(translate('graphics.typeRequiresAdvanced', 'en')).toBe(
      'This graphic type is only available in the advanced generator, which your profile does not include.',
    );
    expect(translate('graphics.typeRequiresAdvanced', 'es')).toBe(
      'Este tipo de gráfico solo está disponible en el generador avanzado, que tu perfil no incluye.',
    );
    expect(problems({ generator: 'expert', kpi: 'download' })).toEqual([['generator', 'validation.invalidOption']]);
  });

  it('takes a table by rows and columns of a KPI value (the axes)', () => {
    const matrix = { graphicType: 'table', axes: { rows: 'isp', columns: 'technology', value: 'download' } };
    expect(problems(matrix)).toEqual([]);
    expect(
      problems({ ...matrix, axes: { rows: 'time', columns: 'isp', value: 'download' }, granularity: 'day' }),
    ).toEqual([]);
    expect(problems({ ...matrix, axes: { rows: 'time', columns: 'isp', value: 'download' } })).toEqual([
      ['granularity', 'validation.required'],
    ]);
    expect(problems({ graphicType: 'table', axes: { rows: 'isp' } })).toEqual([
      ['axes.columns', 'validation.required'],
      ['axes.value', 'validation.required'],
    ]);
    expect(problems({ ...matrix, graphicType: 'bars' })).toEqual([['graphicType', 'validation.invalidOption']]);
    expect(problems({ ...matrix, axes: { rows: 'isp', columns: 'isp', value: 'download' } })).toEqual([
      ['axes.columns', 'validation.invalidOption'],
    ]);
    expect(problems({ ...matrix, kpi: 'download', breakdowns: ['probe'] })).toEqual([
      ['kpi', 'validation.invalidOption'],
      ['breakdowns', 'validation.invalidOption'],
    ]);
    expect(problems({ ...matrix, axes: { rows: 'weekday', columns: 'time', value: 'download' } })).toEqual([
      ['axes.rows', 'validation.invalidOption'],
      ['axes.columns', 'validation.invalidOption'],
    ]);
  });

  it('filters by the devices connected while measuring, within bounds that make sense', () => {
    expect(problems({ kpi: 'download', connectedDevices: { min: 2, max: 2 } })).toEqual([]);
    expect(problems({ kpi: 'download', connectedDevices: { min: 5, max: 2 } })).toEqual([
      ['connectedDevices.max', 'validation.invalidOption'],
    ]);
    expect(problems({ kpi: 'download', connectedDevices: { min: -1, max: 1.5 } })).toEqual([
      ['connectedDevices.min', 'validation.outOfRange'],
      ['connectedDevices.max', 'validation.invalidNumber'],
    ]);
  });

  it('fills the display options and refuses what they cannot be', () => {
    expect(displayOptionsSchema.parse({})).toEqual({
      orientation: 'vertical',
      graphicDistribution: 'sideToSide',
      labelRotation: 0,
      xAxisRotation: 0,
      spanGaps: false,
      transpose: false,
      width: 100,
      showLabels: false,
      showLegend: true,
    });
    expect(queryIrSchema.parse({ kpi: 'download', display: { colours: ['#FF0000'] } }).display?.colours).toEqual([
      '#ff0000',
    ]);
    expect(
      problems({
        kpi: 'download',
        display: {
          orientation: 'diagonal',
          graphicDistribution: 'piled',
          labelRotation: 30,
          xAxisRotation: 180,
          width: 0,
          colours: ['red'],
          spanGaps: 'yes',
          minY: 10,
          maxY: 5,
        },
      }),
    ).toEqual([
      ['display.orientation', 'validation.invalidOption'],
      ['display.graphicDistribution', 'validation.invalidOption'],
      ['display.labelRotation', 'validation.invalidOption'],
      ['display.xAxisRotation', 'validation.invalidOption'],
      ['display.spanGaps', 'validation.invalidOption'],
      ['display.width', 'validation.outOfRange'],
      ['display.colours.0', 'validation.invalidFormat'],
    ]);
    expect(problems({ kpi: 'download', display: { minY: 10, maxY: 5 } })).toEqual([
      ['display.maxY', 'validation.tooSmall'],
    ]);
    expect(translate('validation.tooSmall', 'es', { min: 10 })).toBe('El valor debe ser como mínimo 10.');
  });
});
