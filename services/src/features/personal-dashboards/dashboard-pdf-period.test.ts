import { personalDashboardFieldsSchema, type QueryResult, queryIrSchema } from '@nq/contracts';
import { describe, expect, it } from 'vitest';
import { dashboardPdf } from './dashboard-pdf.ts';
import { computedPeriod } from './graphic-period.ts';

// The period a dashboard's PDF prints is the one its graphics were computed over, not the starts of their buckets: a
// weekly graphic over 1 November to 5 December has its last bucket start on Monday 30 November.

const timeZone = 'Europe/Madrid';
const request = queryIrSchema.parse({
  kpi: 'download',
  graphicType: 'line',
  granularity: 'week',
  tsStart: '2026-11-01',
  tsEnd: '2026-12-05',
});
const dashboard = personalDashboardFieldsSchema.parse({
  name: 'Weekly',
  categories: [{ name: 'Speed', graphics: [{ id: 'g1', title: 'Download per week', request }] }],
});
const weeks = [
  '2026-10-31T23:00:00.000Z',
  '2026-11-01T23:00:00.000Z',
  '2026-11-08T23:00:00.000Z',
  '2026-11-15T23:00:00.000Z',
  '2026-11-22T23:00:00.000Z',
  '2026-11-29T23:00:00.000Z',
];
const result: QueryResult = {
  kind: 'metric',
  metric: 'avg',
  warnings: [],
  series: [{ key: {}, buckets: weeks.map((key) => ({ key, count: 4, value: 90 })) }],
};
const sentAt = new Date('2026-12-06T09:00:00.000Z');

describe("a dashboard PDF's data period", () => {
  it('is the period its graphics were computed over, to the last day asked for', () => {
    const period = computedPeriod(request, { timeZone }, sentAt);
    expect(period).toEqual({ from: '2026-10-31T23:00:00.000Z', to: '2026-12-05T22:59:59.999Z' });
    const answers = [{ category: 'Speed', graphic: dashboard.categories[0]!.graphics[0]!, result, period }];
    for (const [language, expected] of [
      ['en', '1 Nov 2026 – 5 Dec 2026'],
      ['es', '1 nov 2026 – 5 dic 2026'],
    ] as const) {
      const { document } = dashboardPdf(dashboard, answers, {
        profile: 'Analyst',
        language,
        timeZone,
        generatedAt: sentAt,
      });
      expect(JSON.stringify(document.content)).toContain(expected);
    }
  });

  it('ends when the graphics were computed when they asked for days still to come, or for no end', () => {
    const early = new Date('2026-12-03T10:30:00.000Z');
    expect(computedPeriod(request, { timeZone }, early)).toEqual({
      from: '2026-10-31T23:00:00.000Z',
      to: '2026-12-03T10:30:00.000Z',
    });
    const open = queryIrSchema.parse({ kpi: 'download', granularity: 'day' });
    expect(computedPeriod(open, { timeZone }, sentAt)).toEqual({ to: sentAt.toISOString() });
  });

  it("stays within the profile's dates", () => {
    const scope = { timeZone, from: '2026-11-10T00:00:00.000Z', to: '2026-11-30T22:59:59.999Z' };
    const open = queryIrSchema.parse({ kpi: 'download', granularity: 'day' });
    expect(computedPeriod(open, scope, sentAt)).toEqual({
      from: '2026-11-10T00:00:00.000Z',
      to: '2026-11-30T22:59:59.999Z',
    });
  });
});
