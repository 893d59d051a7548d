import { type FieldSpec, FieldValueError } from '../../../shared/entity-screen/field-spec.ts';

const rangePattern = /^(\d+(?:\.\d+)?)\s*-\s*(\d+(?:\.\d+)?)$/;

/**
 * A scorecard KPI's fringes, hours of the day written `start-end` and separated by commas (`0-8, 8-16`): a list of
 * number pairs reads better as text than as nested rows.
 */
export const hourFringesField = (name: string, label: string): FieldSpec => ({
  name,
  label,
  kind: 'text',
  placeholder: '0-8, 8-16, 16-24',
  convert: {
    toForm: (value) =>
      Array.isArray(value)
        ? value.map((fringe: { start: number; end: number }) => `${fringe.start}-${fringe.end}`).join(', ')
        : '',
    toApi: (value) => {
      const text = typeof value === 'string' ? value.trim() : '';
      if (!text) return [];
      return text.split(',').map((part) => {
        const match = rangePattern.exec(part.trim());
        if (!match) throw new FieldValueError(name, 'validation.invalidFormat');
        return { start: Number(match[1]), end: Number(match[2]) };
      });
    },
  },
});
