import { describe, expect, it } from 'vitest';
import { initialChoice } from './EvolutionFilters.tsx';
import { choiceFromQuery, queryOfChoice } from './evolution-query.ts';

describe("the evolution's choice in its address", () => {
  it('reads what a link gives (the storyboard’s KPI tile) and keeps the initial choice for the rest', () => {
    const choice = choiceFromQuery(
      new URLSearchParams('kpi=download&metric=avg&granularity=day&tsStart=2026-10-27&tsEnd=2026-11-25'),
    );
    expect(choice).toEqual({ ...initialChoice, kpi: 'download', tsStart: '2026-10-27', tsEnd: '2026-11-25' });
  });

  it('writes only what differs from the initial choice, and reads it back the same', () => {
    const choice = {
      ...initialChoice,
      kpi: 'latency' as const,
      metric: 'p90' as const,
      breakdowns: ['isp' as const, 'technology' as const],
      movingAverage: '3',
      globalAverage: true,
    };
    const query = queryOfChoice(choice);
    expect(query.toString()).toBe(
      'kpi=latency&metric=p90&breakdowns=isp%2Ctechnology&movingAverage=3&globalAverage=true',
    );
    expect(choiceFromQuery(query)).toEqual(choice);
  });

  it('drops values it does not know', () => {
    expect(choiceFromQuery(new URLSearchParams('kpi=nonsense&metric=mean&breakdowns=isp,colour'))).toEqual({
      ...initialChoice,
      breakdowns: ['isp'],
    });
  });
});
