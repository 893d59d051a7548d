import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEntity } from '../../../shared/api/entities.ts';
import { CheckboxField, TextField } from '../../../shared/ui/fields.tsx';
import { MessagePanel, Spinner } from '../../../shared/ui/screens.tsx';
import { FormFrame } from '../../geo-entities/components/FormFrame.tsx';
import { useEntitySave } from '../../geo-entities/components/useEntitySave.ts';
import { changedFields } from '../../geo-entities/model/changed-fields.ts';
import { PolygonUpload } from '../../geo-polygons/components/PolygonUpload.tsx';
import { type Campaign, campaignErrorCodes, campaignsPath } from '../api/campaigns-api.ts';
import {
  type CampaignDraft,
  campaignBody,
  campaignDraft,
  campaignFormFields,
  campaignProblems,
} from '../model/campaign-draft.ts';
import { CampaignProbes } from './CampaignProbes.tsx';

export interface CampaignFormProps {
  /** The campaign edited; a new one when absent. */
  id?: string | undefined;
  onDone: () => void;
}

export function CampaignForm({ id, onDone }: CampaignFormProps) {
  const { t } = useTranslation('campaigns');
  const campaign = useEntity<Campaign>(campaignsPath, id, campaignErrorCodes.fetch);
  if (id && campaign.isPending) return <Spinner label={t('common:loading')} />;
  if (id && !campaign.data) return <MessagePanel title={t('common:notFoundTitle')} body={t('common:notFoundBody')} />;
  return <CampaignEditor campaign={campaign.data} onDone={onDone} />;
}

function CampaignEditor({ campaign, onDone }: { campaign: Campaign | undefined; onDone: () => void }) {
  const { t } = useTranslation('campaigns');
  const [initial] = useState(() => campaignDraft(campaign));
  const [draft, setDraft] = useState<CampaignDraft>(initial);
  const { save, saving, fieldError, formError } = useEntitySave({
    basePath: campaignsPath,
    fields: campaignFormFields,
    failureCodes: campaignErrorCodes,
    onSaved: onDone,
  });
  const change = (changes: Partial<CampaignDraft>) => setDraft((current) => ({ ...current, ...changes }));

  const submit = () =>
    void save(
      campaign
        ? {
            kind: 'update',
            id: campaign.id,
            changes: {
              ...changedFields(campaignBody(initial), campaignBody(draft)),
              expectedVersion: campaign.version,
            },
          }
        : { kind: 'create', fields: campaignBody(draft) },
      campaignProblems(draft),
    );

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
