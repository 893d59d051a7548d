import { technologyCodes } from '@nq/contracts/configuration/common';
import type { TFunction } from 'i18next';
import { technologyText } from '../i18n/value-texts.ts';
import type { FieldSpec } from './field-spec.ts';

/** A select of the spec §3 technology codes, named in the interface language; the API takes the code as a number. */
export const technologyField = (name: string, label: string, t: TFunction, multiple = false): FieldSpec => ({
  name,
  label,
  kind: multiple ? 'multiselect' : 'select',
  required: !multiple,
  options: technologyCodes.map((code) => ({ value: String(code), label: technologyText(t, code) })),
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
