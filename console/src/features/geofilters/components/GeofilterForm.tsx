import { useTranslation } from 'react-i18next';
import { CheckboxField, TextField } from '../../../shared/ui/fields.tsx';
import { FormFrame } from '../../geo-entities/components/FormFrame.tsx';
import { LoadedEntity } from '../../geo-entities/components/LoadedEntity.tsx';
import { useDraftForm } from '../../geo-entities/components/useDraftForm.ts';
import { PolygonUpload } from '../../geo-polygons/components/PolygonUpload.tsx';
import { type Geofilter, geofilterErrorCodes, geofiltersPath } from '../api/geofilters-api.ts';
import { geofilterBody, geofilterDraft, geofilterFormFields, geofilterProblems } from '../model/geofilter-draft.ts';

export interface GeofilterFormProps {
  id?: string | undefined;
  onDone: () => void;
}

export function GeofilterForm({ id, onDone }: GeofilterFormProps) {
  return (
    <LoadedEntity<Geofilter> basePath={geofiltersPath} id={id} fetchErrorCode={geofilterErrorCodes.fetch}>
      {(geofilter) => <GeofilterEditor geofilter={geofilter} onDone={onDone} />}
    </LoadedEntity>
  );
}

function GeofilterEditor({ geofilter, onDone }: { geofilter: Geofilter | undefined; onDone: () => void }) {
  const { t } = useTranslation('geofilters');
  const { draft, change, submit, saving, fieldError, formError } = useDraftForm(geofilter, {
    basePath: geofiltersPath,
    fields: geofilterFormFields,
    failureCodes: geofilterErrorCodes,
    onSaved: onDone,
    draftOf: geofilterDraft,
    bodyOf: geofilterBody,
    problemsOf: geofilterProblems,
  });

  return (
    <FormFrame
      title={
        geofilter ? t('geo:form.editTitle', { name: geofilter.name }) : t('geo:form.newTitle', { kind: t('kind') })
      }
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
      </div>
      <PolygonUpload
        polygon={draft.polygon}
        onChange={(polygon) => change({ polygon })}
        error={fieldError('polygon')}
        label={draft.name}
      />
    </FormFrame>
  );
}
