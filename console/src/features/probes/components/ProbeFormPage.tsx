import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { useEntity, useEntityWrite } from '../../../shared/api/entities.ts';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { changedFields, initialValue, kindOf, pruned } from '../../../shared/schema-form/json-schema.ts';
import { type FieldNotes, SchemaFields } from '../../../shared/schema-form/SchemaFields.tsx';
import { Button } from '../../../shared/ui/Button.tsx';
import { Card, FormAlert, PageHeader, Spinner } from '../../../shared/ui/screens.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { useFleetTexts } from '../../fleet/fleet-texts.ts';
import { formMessage } from '../../fleet/form-message.ts';
import { secondaryLink } from '../../fleet/link-styles.ts';
import { ProbeAgentCard } from '../../probe-status/components/ProbeAgentCard.tsx';
import { type Probe, probeFieldNames, probeSchema, probesPath, systemFields } from '../api/probes-api.ts';
import { useProbeReferenceFields } from './probe-reference-fields.tsx';

const listPath = '/probes_configuration';
/** The field groups of the body (fixed GPS, device, connection, credentials, backend, further settings). */
const groupNames = probeFieldNames.filter((name) =>
  ['group', 'objectList', 'json'].includes(kindOf(probeSchema.properties?.[name] ?? {})),
);
/**
 * Errors that leave the user nothing to do here: back to the list (docs/product/errors.md, "decrypt error with
 * redirect").
 */
const leaveOn = new Set(['probes.decryptFailed', 'probes.notFound', 'resource.notFound']);

/** `probes_configuration/new` and `probes_configuration/:id`: a probe's fields, group by group (a stored one's agent first). */
export default function ProbeFormPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const { t } = useTranslation('probes');
  const probe = useEntity<Probe>(probesPath, id, 'probes.fetchFailed');
  useEffect(() => {
    if (isApiError(probe.error) && leaveOn.has(probe.error.code)) void navigate(listPath, { replace: true });
  }, [probe.error, navigate]);
  if (id && !probe.data) return <Spinner label={t('common:loading')} />;
  return <ProbeForm key={id ?? 'new'} stored={id ? probe.data : undefined} />;
}

const fieldsOf = (probe: Probe) =>
  Object.fromEntries(Object.entries(probe).filter(([name]) => !(systemFields as readonly string[]).includes(name)));

const hasCoordinates = (draft: Record<string, unknown>) =>
  typeof draft.latitude === 'number' && typeof draft.longitude === 'number';

function ProbeForm({ stored }: { stored: Probe | undefined }) {
  const { t } = useTranslation('probes');
  const texts = useFleetTexts();
  const navigate = useNavigate();
  const write = useEntityWrite<Probe>(probesPath);
  const references = useProbeReferenceFields();
  const start = useMemo(
    () => (stored ? fieldsOf(stored) : (initialValue(probeSchema) as Record<string, unknown>)),
    [stored],
  );
  const [draft, setDraft] = useState(start);
  const [notes, setNotes] = useState<FieldNotes>({ errors: {} });
  const [formError, setFormError] = useState<string | undefined>();

  async function save() {
    setNotes({ errors: {} });
    setFormError(undefined);
    try {
      const result = stored
        ? await write.mutateAsync({
            kind: 'update',
            id: stored.id,
            changes: { ...changedFields(start, draft, probeFieldNames), expectedVersion: stored.version },
          })
        : await write.mutateAsync({ kind: 'create', fields: pruned(draft) as Record<string, unknown> });
      for (const warning of result.warnings) toast.warning(warning.code, warning.params);
      if (!hasCoordinates(draft)) toast.warning('probes.noCoordinates');
      toast.success(t('common:saved'));
      void navigate(listPath);
    } catch (error) {
      if (!isApiError(error) || error.status >= 500)
        return setFormError(errorMessage(stored ? 'probes.updateFailed' : 'probes.createFailed'));
      const errors = error.fieldProblems;
      if (error.code === 'probes.idExists') errors.probeId = error.localized;
      setNotes({ errors });
      setFormError(formMessage(error.code, errors));
    }
  }

  const fieldProps = {
    schema: probeSchema,
    value: draft,
    onChange: setDraft,
    notes,
    texts,
    custom: references,
    readOnly: stored ? ['probeId'] : [],
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <PageHeader
        title={stored ? t('editTitle', { probeId: stored.probeId }) : t('newProbe')}
        actions={
          <>
            <Link className={secondaryLink} to={listPath}>
              {t('common:cancel')}
            </Link>
            <Button type="submit" busy={write.isPending} data-testid="save-probe">
              {t('common:save')}
            </Button>
          </>
        }
      />
      {formError && <FormAlert className="mb-3">{formError}</FormAlert>}
      {!hasCoordinates(draft) && (
        <p
          role="status"
          className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900"
          data-testid="no-coordinates"
        >
          ⚠ {errorMessage('probes.noCoordinates')}
        </p>
      )}
      <div className="space-y-4">
        {stored && <ProbeAgentCard probeId={stored.probeId} />}
        <Card>
          <h2 className="mb-3 text-sm font-semibold text-gray-800">{t('identity')}</h2>
          <SchemaFields {...fieldProps} omit={groupNames} />
        </Card>
        <SchemaFields {...fieldProps} omit={probeFieldNames.filter((name) => !groupNames.includes(name))} foldGroups />
      </div>
    </form>
  );
}
