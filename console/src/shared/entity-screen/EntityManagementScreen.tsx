import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-error.ts';
import { type Entity, useEntityList, useEntityWrite, type Warning } from '../api/entities.ts';
import { useProfile } from '../api/profile.ts';
import { errorMessage } from '../i18n/i18n.ts';
import { Button } from '../ui/Button.tsx';
import { type Column, DataTable, Pagination } from '../ui/DataTable.tsx';
import { SearchBox } from '../ui/fields.tsx';
import { ConfirmDialog, Modal } from '../ui/Modal.tsx';
import { FormAlert, PageHeader } from '../ui/screens.tsx';
import { toast } from '../ui/toasts.ts';
import { EntityForm } from './EntityForm.tsx';
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

/** The catalogue codes a screen toasts when a call fails without a more precise code. */
export interface EntityErrorCodes {
  fetch: string;
  create: string;
  update: string;
  delete: string;
}

export interface EntityManagementScreenProps<T extends Entity> {
  /** i18n namespace of the screen's texts (its `title` key names the page). */
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
}

type Editing<T> = { mode: 'create' } | { mode: 'edit'; entity: T } | { mode: 'clone'; entity: T };

/**
 * A configuration entity's page (spec §2 management screens): a searchable, paged list; create, edit and clone in a
 * form whose fields show the server's per-field problems; delete after a confirmation; warnings toasted on success.
 */
export function EntityManagementScreen<T extends Entity>(props: EntityManagementScreenProps<T>) {
  const { namespace, basePath, fields, errorCodes } = props;
  const { t } = useTranslation(namespace);
  const profile = useProfile();
  const readOnly = props.adminOnlyWrites === true && profile !== undefined && profile.rol !== 'admin' && !profile.isGod;
  const canCreate = !readOnly && (props.canCreate ?? true);
  const canEdit = !readOnly && (props.canEdit ?? true);
  const canDelete = !readOnly && (props.canDelete ?? true);
  const canClone = !readOnly && props.canClone === true;
  const labelOf = props.labelOf ?? ((row: T) => String(row.name ?? row.id));
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(props.pageSize ?? 25);
  const [search, setSearch] = useState('');
  const query = { page, pageSize, q: search, ...(props.sort ? { sort: props.sort } : {}) };
  const list = useEntityList<T>(basePath, query, errorCodes.fetch);
  const write = useEntityWrite<T>(basePath);

  const [editing, setEditing] = useState<Editing<T> | undefined>();
  const [initial, setInitial] = useState<FormValues>({});
  const [values, setValues] = useState<FormValues>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [deleting, setDeleting] = useState<T | undefined>();
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
      toast.success(t('common:saved'));
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
      if (field && fieldOfProblem(formFields, field)) problems[field] = errorMessage(code);
      const placed = problemsByField(formFields, problems);
      setErrors(placed);
      const unplaced = Object.keys(problems).some((path) => !fieldOfProblem(formFields, path));
      if (Object.keys(placed).length === 0 || unplaced) setFormError(errorMessage(code));
    }
  }

  async function remove(entity: T) {
    try {
      const result = await write.mutateAsync({ kind: 'remove', id: entity.id });
      showWarnings(result.warnings);
      toast.success(t('common:deleted'));
    } catch (error) {
      toast.error(isApiError(error) && error.code !== 'generic.error' ? error.code : errorCodes.delete);
    } finally {
      setDeleting(undefined);
    }
  }

  const actions: Column<T> = {
    key: 'actions',
    header: t('common:actions'),
    className: 'whitespace-nowrap',
    render: (row) => (
      <div className="flex gap-1">
        {canEdit && (
          <Button
            variant="ghost"
            onClick={() => open({ mode: 'edit', entity: row })}
            aria-label={`${t('common:edit')} ${labelOf(row)}`}
          >
            {t('common:edit')}
          </Button>
        )}
        {canClone && (
          <Button variant="ghost" onClick={() => open({ mode: 'clone', entity: row })}>
            {t('common:clone')}
          </Button>
        )}
        {props.rowActions?.(row)}
        {canDelete && (
          <Button
            variant="ghost"
            className="text-rose-700"
            onClick={() => setDeleting(row)}
            aria-label={`${t('common:delete')} ${labelOf(row)}`}
          >
            {t('common:delete')}
          </Button>
        )}
      </div>
    ),
  };
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
      <SearchBox
        className="mb-3 max-w-xs"
        label={t('common:search')}
        value={search}
        onChange={(text) => {
          setSearch(text);
          setPage(1);
        }}
      />
      <DataTable<T>
        columns={[...props.columns, actions]}
        rows={list.data?.list}
        rowKey={(row) => row.id}
        loading={list.isFetching}
        caption={t('title')}
      />
      <Pagination
        page={page}
        pageSize={pageSize}
        count={list.data?.count ?? 0}
        onPage={setPage}
        onPageSize={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />

      <Modal
        open={editing !== undefined}
        wide={fields.length > 4 || fields.some((field) => field.kind === 'rows')}
        title={
          editing?.mode === 'edit'
            ? `${t('common:edit')}: ${labelOf(editing.entity)}`
            : editing?.mode === 'clone'
              ? t('common:clone')
              : t('common:new')
        }
        onClose={() => setEditing(undefined)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setEditing(undefined)}>
              {t('common:cancel')}
            </Button>
            <Button busy={write.isPending} onClick={() => void save()} data-testid="save-entity">
              {t('common:save')}
            </Button>
          </>
        }
      >
        {formError && <FormAlert className="mb-3">{formError}</FormAlert>}
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <EntityForm
            namespace={namespace}
            fields={formFields}
            values={values}
            errors={errors}
            editing={editing?.mode === 'edit'}
            onChange={(name: string, value: FormValue) => setValues((current) => ({ ...current, [name]: value }))}
          />
          <button type="submit" hidden />
        </form>
      </Modal>

      <ConfirmDialog
        open={deleting !== undefined}
        danger
        title={t('common:delete')}
        message={t('common:confirmDelete', { name: deleting ? labelOf(deleting) : '' })}
        confirmLabel={t('common:delete')}
        busy={write.isPending}
        onCancel={() => setDeleting(undefined)}
        onConfirm={() => deleting && void remove(deleting)}
      />
    </div>
  );
}
