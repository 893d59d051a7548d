import { basePathOf } from '@nq/contracts/configuration/kinds';
import type { ReactNode } from 'react';
import type { CustomField } from '../../../shared/schema-form/SchemaFields.tsx';
import { SelectField } from '../../../shared/ui/fields.tsx';
import { useReferenceOptions, withCurrent } from '../../fleet/reference-options.ts';

const asIds = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : value ? [String(value)] : []);

/**
 * The probe fields that name other entities, chosen by name: task suite, campaign, universe, cluster (one each) and
 * tags (several).
 */
export function useProbeReferenceFields(): Record<string, (field: CustomField) => ReactNode> {
  const options = {
    taskSuite: useReferenceOptions(basePathOf('task-suite')),
    campaign: useReferenceOptions(basePathOf('campaign')),
    universe: useReferenceOptions(basePathOf('universe')),
    cluster: useReferenceOptions(basePathOf('cluster')),
    tags: useReferenceOptions(basePathOf('tag')),
  };
  const single = (name: Exclude<keyof typeof options, 'tags'>) => (field: CustomField) => (
    <SelectField
      label={field.label}
      error={field.error}
      disabled={field.disabled}
      placeholder=""
      options={withCurrent(options[name], asIds(field.value))}
      value={field.value === undefined ? '' : String(field.value)}
      onChange={(event) => field.onChange(event.target.value || undefined)}
    />
  );
  return {
    taskSuite: single('taskSuite'),
    campaign: single('campaign'),
    universe: single('universe'),
    cluster: single('cluster'),
    tags: (field) => (
      <SelectField
        label={field.label}
        error={field.error}
        disabled={field.disabled}
        multiple
        size={3}
        options={withCurrent(options.tags, asIds(field.value))}
        value={asIds(field.value)}
        onChange={(event) => field.onChange([...event.target.selectedOptions].map((option) => option.value))}
      />
    ),
  };
}
