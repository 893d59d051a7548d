import { useTranslation } from 'react-i18next';
import { countryOptions } from '../../../shared/i18n/countries.ts';
import { SelectField, TextAreaField, TextField } from '../../../shared/ui/fields.tsx';
import { DayRangeFields, NameField } from '../../geo-entities/components/DraftFields.tsx';
import { EntityDraftForm, type GeoFormProps } from '../../geo-entities/components/EntityDraftForm.tsx';
import type { DraftForm } from '../../geo-entities/components/useDraftForm.ts';
import { useProbeOptions } from '../api/cluster-options.ts';
import { clusterScreen } from '../api/clusters-api.ts';
import {
  attributeNames,
  type ClusterDraft,
  clusterDraftModel,
  emptyMembership,
  emptyRange,
} from '../model/cluster-draft.ts';
import { ClusterImageField } from './ClusterImageField.tsx';
import { GeofilterPicker } from './GeofilterPicker.tsx';
import { RangeRows } from './RangeRows.tsx';

export function ClusterForm(props: GeoFormProps) {
  return (
    <EntityDraftForm {...props} screen={clusterScreen} model={clusterDraftModel}>
      {(form) => <ClusterFields form={form} />}
    </EntityDraftForm>
  );
}

function ClusterFields({ form }: { form: DraftForm<ClusterDraft> }) {
  const { t, i18n } = useTranslation('clusters');
  const probes = useProbeOptions();
  const { draft, change, fieldError } = form;
  const probeOptions = (probes.data ?? []).map((probe) => ({
    value: probe.probeId,
    label: probe.name ? `${probe.probeId} · ${probe.name}` : probe.probeId,
  }));

  return (
    <>
      <div className="grid gap-4 md:grid-cols-2">
        <NameField form={form} />
        <div className="max-w-[10rem]">
          <TextField
            type="color"
            label={t('colour')}
            value={draft.colour}
            onChange={(event) => change({ colour: event.target.value })}
            error={fieldError('colour')}
          />
        </div>
        <div className="md:col-span-2">
          <TextAreaField
            label={t('description')}
            value={draft.description}
            maxLength={500}
            rows={2}
            onChange={(event) => change({ description: event.target.value })}
            error={fieldError('description')}
          />
        </div>
        <div className="md:col-span-2">
          <ClusterImageField image={draft.image} onChange={(image) => change({ image })} error={fieldError('image')} />
        </div>
        <DayRangeFields form={form} startLabel={t('startDate')} endLabel={t('endDate')} />
      </div>

      <fieldset className="grid gap-4 md:grid-cols-3">
        <legend className="mb-2 text-sm font-semibold text-gray-800">{t('attributes.title')}</legend>
        {attributeNames.map((name) =>
          name === 'country' ? (
            <SelectField
              key={name}
              label={t('attributes.country')}
              options={countryOptions(i18n.language)}
              placeholder={t('attributes.none')}
              value={draft.attributes.country}
              onChange={(event) => change({ attributes: { ...draft.attributes, country: event.target.value } })}
            />
          ) : (
            <TextField
              key={name}
              label={t(`attributes.${name}`)}
              value={draft.attributes[name]}
              maxLength={100}
              onChange={(event) => change({ attributes: { ...draft.attributes, [name]: event.target.value } })}
            />
          ),
        )}
      </fieldset>
      {fieldError('attributes') && (
        <p role="alert" className="text-xs text-rose-600">
          {fieldError('attributes')}
        </p>
      )}

      <RangeRows
        texts="dateRanges"
        rows={draft.dateRanges}
        onChange={(dateRanges) => change({ dateRanges })}
        newRow={emptyRange}
        error={fieldError('dateRanges')}
      />
      <RangeRows
        texts="probes"
        rows={draft.probes}
        onChange={(rows) => change({ probes: rows })}
        newRow={emptyMembership}
        probes={probeOptions}
        error={fieldError('probes')}
      />
      <GeofilterPicker
        selected={draft.geoFilters}
        onChange={(geoFilters) => change({ geoFilters })}
        colour={draft.colour}
        error={fieldError('geoFilters')}
      />
    </>
  );
}
