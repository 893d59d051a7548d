import { useTranslation } from 'react-i18next';
import { DayRangeFields, NameField, PolygonField, SpecialField } from '../../geo-entities/components/DraftFields.tsx';
import { EntityDraftForm, type GeoFormProps } from '../../geo-entities/components/EntityDraftForm.tsx';
import { campaignScreen } from '../api/campaigns-api.ts';
import { campaignDraftModel } from '../model/campaign-draft.ts';
import { CampaignProbes } from './CampaignProbes.tsx';

export function CampaignForm(props: GeoFormProps) {
  const { t } = useTranslation('campaigns');
  return (
    <EntityDraftForm {...props} screen={campaignScreen} model={campaignDraftModel}>
      {(form, campaign) => (
        <>
          <div className="grid gap-4 md:grid-cols-2">
            <NameField form={form} />
            <SpecialField form={form} label={t('special')} />
            <DayRangeFields
              form={form}
              startLabel={t('startDate')}
              endLabel={t('endDate')}
              startHint={t('datesHint')}
              required
            />
          </div>
          <PolygonField form={form} clearable />
          {campaign && <CampaignProbes campaignId={campaign.id} />}
        </>
      )}
    </EntityDraftForm>
  );
}
