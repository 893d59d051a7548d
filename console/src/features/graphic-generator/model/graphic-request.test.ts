import { queryIrSchema } from '@nq/contracts/analytics/query-ir';
import { describe, expect, it } from 'vitest';
import { defaultFilters } from '../../../shared/graphic-filters/graphic-filters.ts';
import { choiceFromParams, paramsWithChoice } from './generator-config.ts';
import { graphicRequestOf } from './graphic-request.ts';

const choiceOf = (query: string) => choiceFromParams(new URLSearchParams(query), 'advanced');

describe('the graphic request of a configuration', () => {
  it('asks a table by rows and columns as a matrix of the KPI, without breakdowns', () => {
    const filters = { ...defaultFilters, breakdowns: ['isp' as const] };
    const { request, problems } = graphicRequestOf(
      'basic',
      filters,
      choiceOf('type=table&rows=isp&columns=technology'),
      'campaigns',
      'download',
    );
    expect(problems).toEqual([]);
    expect(request).toMatchObject({
      generator: 'basic',
      graphicType: 'table',
      axes: { rows: 'isp', columns: 'technology', value: 'download' },
      breakdowns: [],
    });
    expect(request).not.toHaveProperty('kpi');
    expect(queryIrSchema.safeParse(request).success).toBe(true);
  });

  it('keeps a scatterplot to its universe or campaign breakdown and its two fields', () => {
    const filters = { ...defaultFilters, breakdowns: ['isp' as const, 'campaign' as const] };
    const { request, problems } = graphicRequestOf(
      'advanced',
      filters,
      choiceOf('type=scatterplot&x=download&y=latency'),
      'campaigns',
      undefined,
    );
    expect(problems).toEqual([]);
    expect(request).toMatchObject({ axes: { x: 'download', y: 'latency' }, breakdowns: ['campaign'] });
    expect(queryIrSchema.safeParse(request).success).toBe(true);
  });

  it('joins the conditions, bounds the hours and devices, and names what is missing or out of range', () => {
    const conditions = JSON.stringify([
      { kpi: 'latency', operator: 'lt', value: 60 },
      { kpi: 'download', operator: 'not_exists' },
    ]);
    const complete = graphicRequestOf(
      'advanced',
      defaultFilters,
      choiceOf(
        `type=boxplot&value=latency&conditions=${encodeURIComponent(conditions)}&conditionsJoin=or&hourStart=22&hourEnd=5&devicesMin=2`,
      ),
      'campaigns',
      undefined,
    );
    expect(complete.problems).toEqual([]);
    expect(complete.request).toMatchObject({
      conditions: { or: JSON.parse(conditions) },
      hourStart: 22,
      hourEnd: 5,
      connectedDevices: { min: 2 },
    });
    expect(queryIrSchema.safeParse(complete.request).success).toBe(true);

    const wrong = graphicRequestOf(
      'advanced',
      defaultFilters,
      choiceOf('type=boxplot&hourEnd=24&devicesMin=5&devicesMax=1&minY=9&maxY=3'),
      'campaigns',
      undefined,
    );
    expect(wrong.problems.map((problem) => problem.field)).toEqual(['value', 'hourEnd', 'devicesMax', 'maxY']);
  });

  it('keeps the whole configuration in the address and reads it back', () => {
    const choice = choiceOf(
      'type=line&view=graphic&movingAverage=7&ordered=true&sortOrder=descending&orientation=landscape&distribution=stacked&labelRotation=45&xAxisRotation=90&minY=1&maxY=9&spanGaps=true&transpose=true&width=60&colours=%23112233&showLabels=true&showLegend=false',
    );
    expect(choiceOf(paramsWithChoice(new URLSearchParams(), choice).toString())).toEqual(choice);
    expect(choice.display).toMatchObject({ orientation: 'landscape', labelRotation: 45, colours: ['#112233'] });
    expect(choiceFromParams(new URLSearchParams('type=boxplot'), 'basic').type).toBe('bars');
  });
});
