import { basePathOf } from '@nq/contracts/configuration/kinds';
import { type SelectionGroup, selectionGroupOf } from '@nq/contracts/identity/selection-group';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../api/profile.ts';
import { SelectField } from '../ui/fields.tsx';
import { useEntityOptions } from './entity-options.ts';

const groupPaths: Record<SelectionGroup, string> = {
  campaigns: basePathOf('campaign'),
  universes: basePathOf('universe'),
  clusters: basePathOf('cluster'),
};

/**
 * The group the current profile selects measurements by
 * (docs/product/roles.md#selection-group-service-and-useclusters): universes, campaigns or clusters.
 */
export function useSelectionGroup(): SelectionGroup {
  const profile = useProfile();
  return profile ? selectionGroupOf(profile) : 'campaigns';
}

/**
 * One universe, campaign or cluster — whichever group the profile selects by — as a select; `onChange` gives the
 * request's filter (`{ universes: [id] }`…) or nothing for "any".
 */
export function SelectionGroupField({
  value,
  onChange,
}: {
  value: string;
  onChange: (id: string, filter: Partial<Record<SelectionGroup, string[]>>) => void;
}) {
  const { t } = useTranslation('analysis');
  const group = useSelectionGroup();
  const options = useEntityOptions(groupPaths[group]);
  return (
    <SelectField
      label={t(`selectionGroups.${group}`)}
      value={value}
      onChange={(event) => {
        const id = event.target.value;
        onChange(id, id ? { [group]: [id] } : {});
      }}
      placeholder={t(`anySelection.${group}`)}
      options={options}
    />
  );
}
