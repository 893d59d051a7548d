import { type FilterMode, filterModes } from '@nq/contracts/analytics/query-ir';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../shared/ui/fields.tsx';

/** Whether a list filter keeps the measurements with one of its values or those with none of them. */
export function FilterModeField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: FilterMode;
  onChange: (mode: FilterMode) => void;
}) {
  const { t } = useTranslation('measurementAnalysis');
  return (
    <SelectField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as FilterMode)}
      options={filterModes.map((mode) => ({ value: mode, label: t(`filterModes.${mode}`) }))}
    />
  );
}
