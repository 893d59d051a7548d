import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../ui/Modal.tsx';

export interface DeleteConfirmDialogProps<Row> {
  /** The row asked about: the dialog is open while there is one. */
  target: Row | undefined;
  /** How the question names the row. */
  labelOf: (row: Row) => string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** The question's catalogue key (given the row's `name`). */
  questionKey?: string;
}

export function DeleteConfirmDialog<Row>({
  target,
  labelOf,
  questionKey = 'common:confirmDelete',
  ...answers
}: DeleteConfirmDialogProps<Row>) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={target !== undefined}
      danger
      title={t('common:delete')}
      message={t(questionKey, { name: target === undefined ? '' : labelOf(target) })}
      confirmLabel={t('common:delete')}
      {...answers}
    />
  );
}
