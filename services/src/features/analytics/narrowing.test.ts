import { type QueryIrInput, queryIrSchema, technologyCodes } from '@nq/contracts';
import { describe, expect, it } from 'vitest';
import { type AnalyticsScope, scopeQuery } from './scope-query.ts';

const narrowedBy = (input: QueryIrInput, scope: AnalyticsScope) =>
  scopeQuery(queryIrSchema.parse({ kpi: 'download', ...input }), scope).narrowedBy;
const values = (...ids: (string | number)[]) => ids.map((id) => ({ id }));

describe('what the profile scope narrowed a query by', () => {
  it('tells each restriction that took something away from the request, with what the profile allows', () => {
    const scope: AnalyticsScope = { isps: ['movistar'], technologies: [4, 5], tags: ['gold'], campaigns: ['madrid'] };
    expect(narrowedBy({ isps: ['movistar', 'orange'], technologies: [3], technologiesCond: 'exclude' }, scope)).toEqual(
      {
        restrictions: [
          { kind: 'isp', values: values('movistar') },
          { kind: 'technology', values: values(4, 5) },
          { kind: 'campaign', values: values('madrid') },
          { kind: 'tag', values: values('gold') },
        ],
      },
    );
  });

  it('tells nothing of what the request asked within the profile, nor of a profile given every technology', () => {
    const scope: AnalyticsScope = { isps: ['movistar'], technologies: [...technologyCodes] };
    expect(narrowedBy({ isps: ['movistar'] }, scope)).toBeUndefined();
    expect(narrowedBy({}, {})).toBeUndefined();
  });

  it("tells the profile's dates on the side the request left open, as days of the query's time zone", () => {
    const scope: AnalyticsScope = { from: '2026-01-01T00:00:00.000Z', to: '2026-12-31T23:59:59.000Z' };
    expect(narrowedBy({ tsStart: '2026-03-01', timeZone: 'Europe/Madrid' }, scope)).toEqual({
      restrictions: [],
      dates: { to: '2026-12-31T23:59:59.000Z', timeZone: 'Europe/Madrid' },
    });
    expect(narrowedBy({ tsStart: '2026-03-01', tsEnd: '2026-03-31' }, scope)).toBeUndefined();
  });

  it("tells the programs that have targets and the profile's targets for them", () => {
    const scope: AnalyticsScope = { programs: ['ping'], destinations: ['Google DNS'] };
    expect(narrowedBy({ programs: ['ping', 'dns'] }, scope)?.restrictions).toEqual([
      { kind: 'program', values: values('ping') },
      { kind: 'destination', values: values('Google DNS') },
    ]);
  });
});
