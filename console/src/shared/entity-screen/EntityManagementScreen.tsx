import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, specificCodeOr } from '../api/api-error.ts';
import { type Entity, useEntityWrite, type Warning } from '../api/entities.ts';
import { useProfile } from '../api/profile.ts';
import { errorMessage } from '../i18n/i18n.ts';
import { Button } from '../ui/Button.tsx';
import type { Column } from '../ui/DataTable.tsx';
import { PageHeader } from '../ui/screens.tsx';
import { toast } from '../ui/toasts.ts';
import { DeleteConfirmDialog } from './DeleteConfirmDialog.tsx';
import { EntityFormModal } from './EntityFormModal.tsx';
import {
  changedBody,
  createBody,
  type FieldSpec,
  FieldValueError,
  type FormValue,
  type FormValues,
  fieldOfProblem,
  problemsByField,
  toFormValues,
} from './field-spec.ts';
import { ListSearchBox } from './ListSearchBox.tsx';
import { withOptionTexts } from './option-columns.ts';
import { PagedTable } from './PagedTable.tsx';
import { RowActionButton } from './RowActionButton.tsx';
import { useActionsColumn } from './useActionsColumn.tsx';
import { useEntityDeletion } from './useEntityDeletion.ts';
import { usePagedEntityList } from './usePagedEntityList.ts';

/** The catalogue codes a screen toasts when a call fails without a more precise code (a write's: the generic one). */
export interface EntityErrorCodes {
  fetch: string;
  create?: string;
  update?: string;
  delete?: string;
}

const genericWriteCodes = { create: 'generic.error', update: 'generic.error', delete: 'generic.error' };

export interface EntityManagementScreenProps<T extends Entity> {
  /** i18n namespace of the screen's texts: `title` names the page, `createTitle` its create dialog ("New tag"). */
  namespace: string;
  /** API collection path without trailing slash, e.g. `/tags`, `/api/cdns`. */
  basePath: string;
  columns: readonly Column<T>[];
  fields: readonly FieldSpec[];
  errorCodes: EntityErrorCodes;
  pageSize?: number;
  /** Default sort field (the API's default otherwise). */
  sort?: string;
  canCreate?: boolean;
  canEdit?: boolean;
  canDelete?: boolean;
  canClone?: boolean;
  /** Extra body fields a create needs that the form does not show. */
  createDefaults?: Record<string, unknown>;
  /** Extra buttons per row. */
  rowActions?: (row: T) => ReactNode;
  /** Something shown above the table (filters, notes). */
  children?: ReactNode;
  /** Catalogue codes shown under a field rather than above the form, e.g. `{ 'users.alreadyExists': 'email' }`. */
  codeFields?: Record<string, string>;
  /**
   * Writes are for administrators (the API answers auth.adminOnly otherwise): a profile that is not one sees the list
   * without write buttons, and the catalogue message saying why.
   */
  adminOnlyWrites?: boolean;
  /** How a row is named in its buttons' labels and the delete confirmation (its name, else its id). */
  labelOf?: (row: T) => string;
  /** What the success toast of a create says, from the values sent (e.g. where an invitation went); "Saved" otherwise. */
  createdMessage?: (values: FormValues) => string;
}

type Editing<T> = { mode: 'create' } | { mode: 'edit'; entity: T } | { mode: 'clone'; entity: T };

/**
 * A configuration entity's page (docs/product/screens.md#access-and-navigation, management screens): a searchable,
 * paged list; create, edit and clone in a form whose fields show the server's per-field problems; delete after a
 * confirmation; warnings toasted on success.
 */
export function EntityManagementScreen<T extends Entity>(props: EntityManagementScreenProps<T>) {
  const { namespace, basePath, fields } = props;
  const errorCodes = { ...genericWriteCodes, ...props.errorCodes };
  const { t } = useTranslation(namespace);
  const profile = useProfile();
  const readOnly = props.adminOnlyWrites === true && profile !== undefined && profile.rol !== 'admin' && !profile.isGod;
  const canCreate = !readOnly && (props.canCreate ?? true);
  const canEdit = !readOnly && (props.canEdit ?? true);
  const canDelete = !readOnly && (props.canDelete ?? true);
  const canClone = !readOnly && props.canClone === true;
  const labelOf = props.labelOf ?? ((row: T) => String(row.name ?? row.id));
  const paged = usePagedEntityList<T>(
    basePath,
    props.sort ? { sort: props.sort } : {},
    errorCodes.fetch,
    props.pageSize,
  );
  const write = useEntityWrite<T>(basePath);
  const deletion = useEntityDeletion<T>(basePath, specificCodeOr(errorCodes.delete));

  const [editing, setEditing] = useState<Editing<T> | undefined>();
  const [initial, setInitial] = useState<FormValues>({});
  const [values, setValues] = useState<FormValues>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const formFields = editing?.mode === 'clone' ? fields.filter((field) => field.name === 'name') : fields;

  function open(next: Editing<T>) {
    const start = toFormValues(fields, next.mode === 'create' ? undefined : next.entity);
    if (next.mode === 'clone') start.name = '';
    setEditing(next);
    setInitial(start);
    setValues(start);
    setErrors({});
    setFormError(undefined);
  }

  const showWarnings = (warnings: Warning[]) => {
    for (const warning of warnings) toast.warning(warning.code, warning.params);
  };

  async function save() {
    if (!editing) return;
    setErrors({});
    setFormError(undefined);
    try {
      const result =
        editing.mode === 'create'
          ? await write.mutateAsync({
              kind: 'create',
              fields: { ...props.createDefaults, ...createBody(fields, values) },
            })
          : editing.mode === 'clone'
            ? await write.mutateAsync({ kind: 'clone', id: editing.entity.id, fields: { name: values.name } })
            : await write.mutateAsync({
                kind: 'update',
                id: editing.entity.id,
                changes: {
                  ...changedBody(fields, initial, values, editing.entity),
                  expectedVersion: editing.entity.version,
                },
              });
      showWarnings(result.warnings);
      toast.success(
        editing.mode === 'create' && props.createdMessage ? props.createdMessage(values) : t('common:saved'),
      );
      setEditing(undefined);
    } catch (error) {
      if (error instanceof FieldValueError) return setErrors({ [error.field]: errorMessage(error.code) });
      const code = isApiError(error) ? error.code : editing.mode === 'edit' ? errorCodes.update : errorCodes.create;
      const problems = isApiError(error) ? { ...error.fieldProblems } : {};
      // A rule's code names its field in details.field (`ipRanges.0`, or a uniqueness scope such as `user-email`);
      // the screen may say where a code shows instead.
      const namedField = (isApiError(error) ? (error.details as { field?: unknown } | undefined) : undefined)?.field;
      const ruleField = typeof namedField === 'string' ? namedField : undefined;
      if (ruleField) delete problems[ruleField];
      const field = props.codeFields?.[code] ?? ruleField;
      if (field && fieldOfProblem(formFields, field))
        problems[field] = errorMessage(code, isApiError(error) ? error.params : undefined);
      const placed = problemsByField(formFields, problems);
      setErrors(placed);
      const unplaced = Object.keys(problems).some((path) => !fieldOfProblem(formFields, path));
      if (Object.keys(placed).length === 0 || unplaced) setFormError(errorMessage(code));
    }
  }

  const actions = useActionsColumn<T>({
    labelOf,
    actions: (row) => (
      <>
        {canEdit && (
          <RowActionButton
            action={t('common:edit')}
            rowLabel={labelOf(row)}
            onClick={() => open({ mode: 'edit', entity: row })}
          />
        )}
        {canClone && (
          <Button variant="ghost" onClick={() => open({ mode: 'clone', entity: row })}>
            {t('common:clone')}
          </Button>
        )}
        {props.rowActions?.(row)}
      </>
    ),
    onDelete: canDelete ? deletion.ask : undefined,
  });

  return (
    <div>
      <PageHeader
        title={t('title')}
        actions={
          canCreate && (
            <Button onClick={() => open({ mode: 'create' })} data-testid="create-entity">
              {t('common:new')}
            </Button>
          )
        }
      />
      {readOnly && (
        <p className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="admin-only-note">
          {errorMessage('auth.adminOnly')}
        </p>
      )}
      {props.children}
      <ListSearchBox paged={paged} />
      <PagedTable paged={paged} columns={[...withOptionTexts(props.columns, fields), actions]} caption={t('title')} />
      <EntityFormModal
        open={editing !== undefined}
        wide={fields.length > 4 || fields.some((field) => field.kind === 'rows')}
        title={
          editing?.mode === 'edit'
            ? `${t('common:edit')}: ${labelOf(editing.entity)}`
            : editing?.mode === 'clone'
              ? t('common:clone')
              : t('createTitle')
        }
        formError={formError}
        submitLabel={t('common:save')}
        submitTestId="save-entity"
        busy={write.isPending}
        onSubmit={() => void save()}
        onCancel={() => setEditing(undefined)}
        form={{
          namespace,
          fields: formFields,
          values,
          errors,
          editing: editing?.mode === 'edit',
          onChange: (name: string, value: FormValue) => setValues((current) => ({ ...current, [name]: value })),
        }}
      />
      <DeleteConfirmDialog {...deletion.dialog} labelOf={labelOf} />
    </div>
  );
}
