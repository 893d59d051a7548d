import { campaignFieldsSchema } from '@nq/contracts/configuration/campaign';
import { describe, expect, it } from 'vitest';
import { apiProblems, fieldOf, schemaProblems } from './form-problems.ts';

const fields = ['name', 'startDate', 'endDate', 'polygon', 'probes'];

describe('form problems', () => {
  it('finds the form field of a body path', () => {
    expect(fieldOf('body.polygon.coordinates.0', fields)).toBe('polygon');
    expect(fieldOf('probes.2.start', fields)).toBe('probes');
    expect(fieldOf('colour', fields)).toBeUndefined();
  });

  it('puts per-field problems of a 400 under their fields', () => {
    const error = {
      code: 'request.invalid',
      details: {
        fields: [
          { field: 'name', code: 'validation.tooLong', message: 'x' },
          { field: 'polygon.coordinates.0', code: 'geojson.ringNotClosed', message: 'x' },
        ],
      },
    };
    expect(apiProblems(error, fields)).toEqual({
      fields: { name: 'validation.tooLong', polygon: 'geojson.ringNotClosed' },
    });
  });

  it('shows name conflicts and forbidden names under the name', () => {
    expect(apiProblems({ code: 'campaigns.nameExists', details: { field: 'campaign-name' } }, fields)).toEqual({
      fields: { name: 'campaigns.nameExists' },
    });
    expect(apiProblems({ code: 'clusters.forbiddenName', details: { field: 'name' } }, fields)).toEqual({
      fields: { name: 'clusters.forbiddenName' },
    });
  });

  it('shows a rule naming a field under it, and anything else above the form', () => {
    expect(apiProblems({ code: 'clusters.dateRangesOverlap', details: { field: 'probes' } }, fields)).toEqual({
      fields: { probes: 'clusters.dateRangesOverlap' },
    });
    expect(apiProblems({ code: 'internal.error' }, fields)).toEqual({ fields: {}, form: 'internal.error' });
  });

  it("checks a body against the entity's contract, first issue per field", () => {
    expect(schemaProblems(campaignFieldsSchema, { name: '', startDate: 'soon' }, fields)).toEqual({
      name: 'validation.required',
      startDate: 'validation.invalidDate',
      endDate: 'validation.required',
    });
    expect(
      schemaProblems(campaignFieldsSchema, { name: 'Madrid', startDate: '2026-01-01', endDate: '2026-02-01' }, fields),
    ).toEqual({});
  });
});
