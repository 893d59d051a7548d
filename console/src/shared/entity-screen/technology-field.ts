import type { Option } from '../ui/fields.tsx';
import type { FieldSpec } from './field-spec.ts';

/**
 * A select of technology codes (docs/product/entities.md#value-lists) among `options` (the caller profile's:
 * `useTechnologyOptions`); the API takes the code as a number.
 */
export const technologyField = (
  name: string,
  label: string,
  options: readonly Option[],
  multiple = false,
): FieldSpec => ({
  name,
  label,
  kind: multiple ? 'multiselect' : 'select',
  required: !multiple,
  options,
  convert: multiple
    ? {
        toForm: (value) => (Array.isArray(value) ? value.map(String) : []),
        toApi: (value) => (Array.isArray(value) ? value.map(Number) : []),
      }
    : {
        toForm: (value) => (value === undefined || value === null ? '' : String(value)),
        toApi: (value) => (typeof value === 'string' && value !== '' ? Number(value) : undefined),
      },
});
