import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/Button.tsx';
import { Modal } from '../../../shared/ui/Modal.tsx';

/** Asked when the graph type changes while filters are set: keep them for the new type, or start again. */
export function KeepFiltersDialog({
  open,
  onKeep,
  onClear,
  onCancel,
}: {
  open: boolean;
  onKeep: () => void;
  onClear: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['graphicGenerator', 'common']);
  return (
    <Modal
      open={open}
      title={t('graphicGenerator:typeChange.title')}
      onClose={onCancel}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t('common:cancel')}
          </Button>
          <Button variant="secondary" onClick={onClear}>
            {t('graphicGenerator:typeChange.clear')}
          </Button>
          <Button onClick={onKeep}>{t('graphicGenerator:typeChange.keep')}</Button>
        </>
      }
    >
      <p className="text-sm text-gray-700">{t('graphicGenerator:typeChange.message')}</p>
    </Modal>
  );
}
