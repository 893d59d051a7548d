import { type TechnologyCode, technologyCodes, technologyLabels } from '@nq/contracts/configuration/common';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../../shared/ui/fields.tsx';

/** The spec §3 technologies as checkboxes, by their label (the API takes the codes). */
export function TechnologyChecks({
  checked,
  onChange,
}: {
  checked: readonly TechnologyCode[];
  onChange: (technologies: TechnologyCode[]) => void;
}) {
  const { t } = useTranslation('measurementAnalysis');
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-gray-700">{t('technologies')}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {technologyCodes.map((code) => (
          <CheckboxField
            key={code}
            label={technologyLabels[code]}
            checked={checked.includes(code)}
            onChange={(event) =>
              onChange(event.target.checked ? [...checked, code] : checked.filter((item) => item !== code))
            }
          />
        ))}
      </div>
    </fieldset>
  );
}
