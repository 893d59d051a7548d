import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button.tsx';

export interface ModalProps {
  title: ReactNode;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}

/** A native modal dialog: focus trap, Escape and the backdrop come from the browser. */
export function Modal({ title, open, onClose, children, footer, wide = false }: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      aria-label={typeof title === 'string' ? title : undefined}
      className={`w-full rounded-lg p-0 shadow-xl backdrop:bg-gray-900/40 ${wide ? 'max-w-4xl' : 'max-w-lg'}`}
    >
      {open && (
        <div className="flex max-h-[85vh] flex-col">
          <header className="border-b px-5 py-3 text-base font-semibold">{title}</header>
          <div className="overflow-auto px-5 py-4">{children}</div>
          {footer && <footer className="flex justify-end gap-2 border-t px-5 py-3">{footer}</footer>}
        </div>
      )}
    </dialog>
  );
}

/** A dialog's buttons: Cancel, then the dialog's own action. */
export function DialogActions({ onCancel, children }: { onCancel: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <Button variant="secondary" onClick={onCancel}>
        {t('cancel')}
      </Button>
      {children}
    </>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  confirmLabel?: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  danger,
  busy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={title}
      onClose={onCancel}
      footer={
        <DialogActions onCancel={onCancel}>
          <Button variant={danger ? 'danger' : 'primary'} busy={busy ?? false} onClick={onConfirm}>
            {confirmLabel ?? t('confirm')}
          </Button>
        </DialogActions>
      }
    >
      <div className="text-sm text-gray-700">{message}</div>
    </Modal>
  );
}
