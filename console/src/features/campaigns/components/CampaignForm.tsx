import { useTranslation } from 'react-i18next';
import { CheckboxField, TextField } from '../../../shared/ui/fields.tsx';
import { FormFrame } from '../../geo-entities/components/FormFrame.tsx';
import { LoadedEntity } from '../../geo-entities/components/LoadedEntity.tsx';
import { useDraftForm } from '../../geo-entities/components/useDraftForm.ts';
import { PolygonUpload } from '../../geo-polygons/components/PolygonUpload.tsx';
import { type Campaign, campaignErrorCodes, campaignsPath } from '../api/campaigns-api.ts';
import { campaignBody, campaignDraft, campaignFormFields, campaignProblems } from '../model/campaign-draft.ts';
import { CampaignProbes } from './CampaignProbes.tsx';

export interface CampaignFormProps {
  /** The campaign edited; a new one when absent. */
  id?: string | undefined;
  onDone: () => void;
}

export function CampaignForm({ id, onDone }: CampaignFormProps) {
  return (
    <LoadedEntity<Campaign> basePath={campaignsPath} id={id} fetchErrorCode={campaignErrorCodes.fetch}>
      {(campaign) => <CampaignEditor campaign={campaign} onDone={onDone} />}
    </LoadedEntity>
  );
}

function CampaignEditor({ campaign, onDone }: { campaign: Campaign | undefined; onDone: () => void }) {
  const { t } = useTranslation('campaigns');
  const { draft, change, submit, saving, fieldError, formError } = useDraftForm(campaign, {
    basePath: campaignsPath,
    fields: campaignFormFields,
    failureCodes: campaignErrorCodes,
    onSaved: onDone,
    draftOf: campaignDraft,
    bodyOf: campaignBody,
    problemsOf: campaignProblems,
  });

  return (
    <FormFrame
      title={campaign ? t('geo:form.editTitle', { name: campaign.name }) : t('geo:form.newTitle', { kind: t('kind') })}
      formError={formError}
      saving={saving}
      onSave={submit}
    >
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          label={t('geo:form.name')}
          value={draft.name}
          maxLength={64}
          required
          onChange={(event) => change({ name: event.target.value })}
          error={fieldError('name')}
        />
        <div className="self-end pb-1">
          <CheckboxField
            label={t('special')}
            checked={draft.special}
            onChange={(event) => change({ special: event.target.checked })}
          />
        </div>
        <TextField
          type="date"
          label={t('startDate')}
          value={draft.startDate}
          required
          onChange={(event) => change({ startDate: event.target.value })}
          error={fieldError('startDate')}
          hint={t('datesHint')}
        />
        <TextField
          type="date"
          label={t('endDate')}
          value={draft.endDate}
          min={draft.startDate || undefined}
          required
          onChange={(event) => change({ endDate: event.target.value })}
          error={fieldError('endDate')}
        />
      </div>
      <PolygonUpload
        polygon={draft.polygon}
        onChange={(polygon) => change({ polygon })}
        error={fieldError('polygon')}
        clearable
        label={draft.name}
      />
      {campaign && <CampaignProbes campaignId={campaign.id} />}
    </FormFrame>
  );
}
