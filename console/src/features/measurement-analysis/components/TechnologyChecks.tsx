import { type TechnologyCode, technologyCodes } from '@nq/contracts/configuration/common';
import { useTranslation } from 'react-i18next';
import { technologyText } from '../../../shared/i18n/value-texts.ts';
import { CheckboxField } from '../../../shared/ui/fields.tsx';

/** The spec §3 technologies as checkboxes, named in the interface language (the API takes the codes). */
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
            label={technologyText(t, code)}
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
