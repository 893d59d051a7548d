import { describe, expect, it } from 'vitest';
import { createBody, FieldValueError, toFormValues } from '../../../shared/entity-screen/field-spec.ts';
import { hourFringesField } from './hour-fringes.ts';

const kpis = {
  name: 'kpis',
  label: 'kpis',
  kind: 'rows' as const,
  columns: [{ name: 'kpi', label: 'kpi', kind: 'text' as const }, hourFringesField('fringes', 'fringes')],
};

describe('hour fringes of a scorecard KPI', () => {
  it('reads and writes start-end pairs', () => {
    const entity = {
      kpis: [
        {
          kpi: 'download',
          fringes: [
            { start: 0, end: 8 },
            { start: 8, end: 16.5 },
          ],
        },
      ],
    };
    const values = toFormValues([kpis], entity);
    expect(values.kpis).toEqual({ rows: [{ kpi: 'download', fringes: '0-8, 8-16.5' }] });
    expect(createBody([kpis], values)).toEqual(entity);
  });

  it('names the row input it cannot read', () => {
    const values = { kpis: { rows: [{ kpi: 'download', fringes: '0-8, morning' }] } };
    expect(() => createBody([kpis], values)).toThrow(FieldValueError);
    try {
      createBody([kpis], values);
    } catch (error) {
      expect((error as FieldValueError).field).toBe('kpis.0.fringes');
    }
  });
});
