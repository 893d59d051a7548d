import type { Column } from '../ui/DataTable.tsx';
import type { FieldSpec } from './field-spec.ts';

/**
 * Columns of a list as the form names their values: a column without a renderer whose field is a choice shows the
 * option's text (in the interface language), not the value the API stores (`Production`, `Spain`, a layer id).
 */
export function withOptionTexts<T>(columns: readonly Column<T>[], fields: readonly FieldSpec[]): Column<T>[] {
  return columns.map((column) => {
    const options = column.render ? undefined : fields.find((field) => field.name === column.key)?.options;
    if (!options?.length) return column;
    const textOf = (value: unknown) => options.find((option) => option.value === String(value))?.label ?? String(value);
    return {
      ...column,
      render: (row: T) => {
        const value = (row as Record<string, unknown>)[column.key];
        if (value === undefined || value === null || value === '') return '';
        return Array.isArray(value) ? value.map(textOf).join(', ') : textOf(value);
      },
    };
  });
}
