import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { TextField } from '../../../shared/ui/fields.tsx';
import { DialogActions, Modal } from '../../../shared/ui/Modal.tsx';

export interface NameDialogProps {
  open: boolean;
  title: string;
  /** The submit button's text. */
  action: string;
  initialName?: string;
  /** A note above the name (a clone left unsaved is lost). */
  note?: string;
  busy?: boolean;
  /** The catalogue code of why the name was refused (a duplicate name). */
  errorCode?: string | undefined;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}

/** Asks a name: a new dashboard, a copy, a rename. */
export function NameDialog({
  open,
  title,
  action,
  initialName = '',
  note,
  busy,
  errorCode,
  onSubmit,
  onCancel,
}: NameDialogProps) {
  const { t } = useTranslation('personalDashboards');
  const [name, setName] = useState(initialName);
  useEffect(() => {
    if (open) setName(initialName);
  }, [open, initialName]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) onSubmit(name.trim());
  };
  const formId = `name-dialog-${action}`;
  return (
    <Modal
      open={open}
      title={title}
      onClose={onCancel}
      footer={
        <DialogActions onCancel={onCancel}>
          <Button type="submit" form={formId} busy={busy ?? false} disabled={!name.trim()}>
            {action}
          </Button>
        </DialogActions>
      }
    >
      <form id={formId} onSubmit={submit} className="space-y-3">
        {note && <p className="text-sm text-gray-600">{note}</p>}
        <TextField
          label={t('name')}
          value={name}
          maxLength={64}
          onChange={(event) => setName(event.target.value)}
          error={errorCode ? errorMessage(errorCode) : undefined}
        />
      </form>
    </Modal>
  );
}
