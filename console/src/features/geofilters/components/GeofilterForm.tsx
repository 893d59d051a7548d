import { useTranslation } from 'react-i18next';
import { NameField, PolygonField, SpecialField } from '../../geo-entities/components/DraftFields.tsx';
import { EntityDraftForm, type GeoFormProps } from '../../geo-entities/components/EntityDraftForm.tsx';
import { geofilterScreen } from '../api/geofilters-api.ts';
import { geofilterDraftModel } from '../model/geofilter-draft.ts';

export function GeofilterForm(props: GeoFormProps) {
  const { t } = useTranslation('geofilters');
  return (
    <EntityDraftForm {...props} screen={geofilterScreen} model={geofilterDraftModel}>
      {(form) => (
        <>
          <div className="grid gap-4 md:grid-cols-2">
            <NameField form={form} />
            <SpecialField form={form} label={t('special')} />
          </div>
          <PolygonField form={form} />
        </>
      )}
    </EntityDraftForm>
  );
}
