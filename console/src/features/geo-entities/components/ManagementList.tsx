import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { specificCodeOr } from '../../../shared/api/api-error.ts';
import type { Entity } from '../../../shared/api/entities.ts';
import { DeleteConfirmDialog } from '../../../shared/entity-screen/DeleteConfirmDialog.tsx';
import { ListSearchBox } from '../../../shared/entity-screen/ListSearchBox.tsx';
import { PagedTable } from '../../../shared/entity-screen/PagedTable.tsx';
import { RowActionButton } from '../../../shared/entity-screen/RowActionButton.tsx';
import { useActionsColumn } from '../../../shared/entity-screen/useActionsColumn.tsx';
import { useEntityDeletion } from '../../../shared/entity-screen/useEntityDeletion.ts';
import { usePagedEntityList } from '../../../shared/entity-screen/usePagedEntityList.ts';
import type { Column } from '../../../shared/ui/DataTable.tsx';
import { PageHeader } from '../../../shared/ui/screens.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import type { GeoScreen } from '../model/geo-screen.ts';
import type { ScreenRouteScheme } from '../model/screen-route.ts';
import { CloneDialog } from './CloneDialog.tsx';

export interface ManagementListProps<T extends Entity> {
  screen: GeoScreen;
  scheme: ScreenRouteScheme;
  /** Columns after the name (which links to the form). */
  columns: readonly Column<T>[];
  /** The fields the list loads (polygons and images stay out of it). */
  fields: readonly string[];
  /** A fixed page size (docs/product/limits.md#samples-and-pages: clusters 25); otherwise the user picks. */
  fixedPageSize?: number;
  /** A catalogue code when a row may not be deleted (shown instead of asking). */
  deleteRefusal?: (row: T) => string | undefined;
}

const labelOf = (row: Entity) => row.name ?? row.id;

/**
 * The list half of a list-and-form screen (docs/product/screens.md#campaigns_management): search, the entities sorted
 * by name ascending, paging, and per row edit (the form on the same route), clone under a new name and delete after a
 * confirmation (refusals toasted with their catalogue message).
 */
export function ManagementList<T extends Entity>(props: ManagementListProps<T>) {
  const { scheme } = props;
  const { namespace, basePath, errorCodes } = props.screen;
  const { t } = useTranslation(namespace);
  const paged = usePagedEntityList<T>(
    basePath,
    { sort: 'name', order: 'asc', fields: ['name', 'owner', 'updatedAt', ...props.fields] },
    errorCodes.fetch,
    props.fixedPageSize,
  );
  const deletion = useEntityDeletion<T>(basePath, specificCodeOr(errorCodes.delete));
  const [cloning, setCloning] = useState<T | undefined>();

  function askDelete(row: T) {
    const refusal = props.deleteRefusal?.(row);
    if (refusal) toast.error(refusal);
    else deletion.ask(row);
  }

  const nameColumn: Column<T> = {
    key: 'name',
    header: t('geo:form.name'),
    render: (row) => (
      <Link
        className="font-medium text-blue-700 hover:underline"
        to={{ search: scheme.search({ kind: 'edit', id: row.id }) }}
      >
        {labelOf(row)}
      </Link>
    ),
  };
  const actions = useActionsColumn<T>({
    labelOf,
    actions: (row) => (
      <RowActionButton action={t('common:clone')} rowLabel={labelOf(row)} onClick={() => setCloning(row)} />
    ),
    onDelete: askDelete,
  });

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
      <ListSearchBox paged={paged} />
      <PagedTable
        paged={paged}
        columns={[nameColumn, ...props.columns, actions]}
        caption={t('title')}
        fixedPageSize={props.fixedPageSize !== undefined}
      />
      <CloneDialog
        basePath={basePath}
        source={cloning}
        failureCode={errorCodes.clone}
        onClose={() => setCloning(undefined)}
      />
      <DeleteConfirmDialog {...deletion.dialog} labelOf={labelOf} />
    </div>
  );
}
