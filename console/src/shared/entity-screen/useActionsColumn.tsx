import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column } from '../ui/DataTable.tsx';
import { RowActionButton } from './RowActionButton.tsx';

export interface ActionsColumnOptions<Row> {
  /** How the buttons name their row for screen readers. */
  labelOf: (row: Row) => string;
  /** The row's buttons before Delete. */
  actions?: (row: Row) => ReactNode;
  /** Delete, the last button (none without it). */
  onDelete?: ((row: Row) => void) | undefined;
}

/** A table's last column: each row's buttons side by side, Delete last. */
export function useActionsColumn<Row>({ labelOf, actions, onDelete }: ActionsColumnOptions<Row>): Column<Row> {
  const { t } = useTranslation();
  return {
    key: 'actions',
    header: t('common:actions'),
    className: 'whitespace-nowrap',
    render: (row) => (
      <div className="flex gap-1">
        {actions?.(row)}
        {onDelete && (
          <RowActionButton action={t('common:delete')} rowLabel={labelOf(row)} danger onClick={() => onDelete(row)} />
        )}
      </div>
    ),
  };
}
