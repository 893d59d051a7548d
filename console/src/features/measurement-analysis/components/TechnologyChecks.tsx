import type { TechnologyCode } from '@nq/contracts/configuration/common';
import { useTranslation } from 'react-i18next';
import { useProfileTechnologies } from '../../../shared/api/profile-technologies.ts';
import { technologyText } from '../../../shared/i18n/value-texts.ts';
import { CheckboxField } from '../../../shared/ui/fields.tsx';

/** The technologies the profile sees as checkboxes, named in the interface language (the API takes the codes). */
export function TechnologyChecks({
  checked,
  onChange,
}: {
  checked: readonly TechnologyCode[];
  onChange: (technologies: TechnologyCode[]) => void;
}) {
  const { t } = useTranslation('measurementAnalysis');
  const technologies = useProfileTechnologies();
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-gray-700">{t('technologies')}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {technologies.map((code) => (
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
