import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Entity } from '../../../shared/api/entities.ts';
import type { DraftModel } from '../model/draft-model.ts';
import type { GeoScreen } from '../model/geo-screen.ts';
import { FormFrame } from './FormFrame.tsx';
import { LoadedEntity } from './LoadedEntity.tsx';
import { type DraftForm, useDraftForm } from './useDraftForm.ts';

export interface EntityDraftFormProps<T extends Entity, Draft> {
  screen: GeoScreen;
  model: DraftModel<T, Draft>;
  /** The entity edited; a new one when absent. */
  id?: string | undefined;
  onDone: () => void;
  /** The form's fields, once the entity is loaded. */
  children: (form: DraftForm<Draft>, entity: T | undefined) => ReactNode;
}

/** What a list-and-form screen gives its form. */
export type GeoFormProps = Pick<EntityDraftFormProps<Entity, unknown>, 'id' | 'onDone'>;

/**
 * The form of a list-and-form screen: the entity loaded first, then its draft edited under an "edit {name}" or
 * "new {kind}" title, and saved.
 */
export function EntityDraftForm<T extends Entity, Draft>({ id, ...props }: EntityDraftFormProps<T, Draft>) {
  const { basePath, errorCodes } = props.screen;
  return (
    <LoadedEntity<T> basePath={basePath} id={id} fetchErrorCode={errorCodes.fetch}>
      {(entity) => <DraftEditor entity={entity} {...props} />}
    </LoadedEntity>
  );
}

function DraftEditor<T extends Entity, Draft>({
  entity,
  screen,
  model,
  onDone,
  children,
}: Omit<EntityDraftFormProps<T, Draft>, 'id'> & { entity: T | undefined }) {
  const { t } = useTranslation(screen.namespace);
  const form = useDraftForm(entity, {
    ...model,
    basePath: screen.basePath,
    failureCodes: screen.errorCodes,
    onSaved: onDone,
  });
  return (
    <FormFrame
      title={entity ? t('geo:form.editTitle', { name: entity.name }) : t('createTitle')}
      formError={form.formError}
      saving={form.saving}
      onSave={form.submit}
    >
      {children(form, entity)}
    </FormFrame>
  );
}
