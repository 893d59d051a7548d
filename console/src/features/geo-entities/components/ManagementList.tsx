import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { type Entity, useEntityList, useEntityWrite } from '../../../shared/api/entities.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { type Column, DataTable, Pagination } from '../../../shared/ui/DataTable.tsx';
import { SearchBox } from '../../../shared/ui/fields.tsx';
import { ConfirmDialog } from '../../../shared/ui/Modal.tsx';
import { PageHeader } from '../../../shared/ui/screens.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import type { ScreenRouteScheme } from '../model/screen-route.ts';
import { CloneDialog } from './CloneDialog.tsx';

export interface ManagementListProps<T extends Entity> {
  /** i18n namespace of the screen (its `title` names the page). */
  namespace: string;
  basePath: string;
  scheme: ScreenRouteScheme;
  /** Columns after the name (which links to the form). */
  columns: readonly Column<T>[];
  /** The fields the list loads (polygons and images stay out of it). */
  fields: readonly string[];
  errorCodes: { fetch: string; delete: string; clone: string };
  /** A fixed page size (spec §9: clusters 25); otherwise the user picks. */
  fixedPageSize?: number;
  /** A catalogue code when a row may not be deleted (shown instead of asking). */
  deleteRefusal?: (row: T) => string | undefined;
}

/**
 * The list half of a spec §2 list-and-form screen: search, the entities sorted by name ascending, paging, and per row
 * edit (the form on the same route), clone under a new name and delete after a confirmation (refusals toasted with
 * their catalogue message).
 */
export function ManagementList<T extends Entity>(props: ManagementListProps<T>) {
  const { namespace, basePath, scheme, errorCodes } = props;
  const { t } = useTranslation(namespace);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(props.fixedPageSize ?? 25);
  const [search, setSearch] = useState('');
  const list = useEntityList<T>(
    basePath,
    { page, pageSize, q: search, sort: 'name', order: 'asc', fields: ['name', 'owner', 'updatedAt', ...props.fields] },
    errorCodes.fetch,
  );
  const write = useEntityWrite<T>(basePath);
  const [deleting, setDeleting] = useState<T | undefined>();
  const [cloning, setCloning] = useState<T | undefined>();

  function askDelete(row: T) {
    const refusal = props.deleteRefusal?.(row);
    if (refusal) toast.error(refusal);
    else setDeleting(row);
  }

  async function remove(row: T) {
    try {
      await write.mutateAsync({ kind: 'remove', id: row.id });
      toast.success(t('common:deleted'));
    } catch (error) {
      toast.error(isApiError(error) && error.code !== 'generic.error' ? error.code : errorCodes.delete);
    } finally {
      setDeleting(undefined);
    }
  }

  const nameColumn: Column<T> = {
    key: 'name',
    header: t('geo:form.name'),
    render: (row) => (
      <Link
        className="font-medium text-blue-700 hover:underline"
        to={{ search: scheme.search({ kind: 'edit', id: row.id }) }}
      >
        {row.name ?? row.id}
      </Link>
    ),
  };
  const actions: Column<T> = {
    key: 'actions',
    header: t('common:actions'),
    className: 'whitespace-nowrap',
    render: (row) => (
      <div className="flex gap-1">
        <Button
          variant="ghost"
          onClick={() => setCloning(row)}
          aria-label={`${t('common:clone')} ${row.name ?? row.id}`}
        >
          {t('common:clone')}
        </Button>
        <Button
          variant="ghost"
          className="text-rose-700"
          onClick={() => askDelete(row)}
          aria-label={`${t('common:delete')} ${row.name ?? row.id}`}
        >
          {t('common:delete')}
        </Button>
      </div>
    ),
  };

  return (
    <div>
      <PageHeader
        title={t('title')}
        actions={
          <Link
            to={{ search: scheme.search({ kind: 'create' }) }}
            className="inline-flex items-center rounded-md bg-blue-600 px-3 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-blue-700"
          >
            {t('common:new')}
          </Link>
        }
      />
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
        columns={[nameColumn, ...props.columns, actions]}
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
        onPageSize={
          props.fixedPageSize
            ? undefined
            : (size) => {
                setPageSize(size);
                setPage(1);
              }
        }
      />
      <CloneDialog
        basePath={basePath}
        source={cloning}
        failureCode={errorCodes.clone}
        onClose={() => setCloning(undefined)}
      />
      <ConfirmDialog
        open={deleting !== undefined}
        danger
        title={t('common:delete')}
        message={t('common:confirmDelete', { name: deleting?.name ?? deleting?.id ?? '' })}
        confirmLabel={t('common:delete')}
        busy={write.isPending}
        onCancel={() => setDeleting(undefined)}
        onConfirm={() => deleting && void remove(deleting)}
      />
    </div>
  );
}
