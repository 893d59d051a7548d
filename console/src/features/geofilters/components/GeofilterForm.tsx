import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEntity } from '../../../shared/api/entities.ts';
import { CheckboxField, TextField } from '../../../shared/ui/fields.tsx';
import { MessagePanel, Spinner } from '../../../shared/ui/screens.tsx';
import { FormFrame } from '../../geo-entities/components/FormFrame.tsx';
import { useEntitySave } from '../../geo-entities/components/useEntitySave.ts';
import { changedFields } from '../../geo-entities/model/changed-fields.ts';
import { PolygonUpload } from '../../geo-polygons/components/PolygonUpload.tsx';
import { type Geofilter, geofilterErrorCodes, geofiltersPath } from '../api/geofilters-api.ts';
import {
  type GeofilterDraft,
  geofilterBody,
  geofilterDraft,
  geofilterFormFields,
  geofilterProblems,
} from '../model/geofilter-draft.ts';

export interface GeofilterFormProps {
  id?: string | undefined;
  onDone: () => void;
}

export function GeofilterForm({ id, onDone }: GeofilterFormProps) {
  const { t } = useTranslation('geofilters');
  const geofilter = useEntity<Geofilter>(geofiltersPath, id, geofilterErrorCodes.fetch);
  if (id && geofilter.isPending) return <Spinner label={t('common:loading')} />;
  if (id && !geofilter.data) return <MessagePanel title={t('common:notFoundTitle')} body={t('common:notFoundBody')} />;
  return <GeofilterEditor geofilter={geofilter.data} onDone={onDone} />;
}

function GeofilterEditor({ geofilter, onDone }: { geofilter: Geofilter | undefined; onDone: () => void }) {
  const { t } = useTranslation('geofilters');
  const [initial] = useState(() => geofilterDraft(geofilter));
  const [draft, setDraft] = useState<GeofilterDraft>(initial);
  const { save, saving, fieldError, formError } = useEntitySave({
    basePath: geofiltersPath,
    fields: geofilterFormFields,
    failureCodes: geofilterErrorCodes,
    onSaved: onDone,
  });
  const change = (changes: Partial<GeofilterDraft>) => setDraft((current) => ({ ...current, ...changes }));

  const submit = () =>
    void save(
      geofilter
        ? {
            kind: 'update',
            id: geofilter.id,
            changes: {
              ...changedFields(geofilterBody(initial), geofilterBody(draft)),
              expectedVersion: geofilter.version,
            },
          }
        : { kind: 'create', fields: geofilterBody(draft) },
      geofilterProblems(draft),
    );

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
