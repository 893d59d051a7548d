import { Button } from '../ui/Button.tsx';
import { type ConfirmDialogProps, DialogActions, Modal, type ModalProps } from '../ui/Modal.tsx';
import { FormAlert } from '../ui/screens.tsx';
import { EntityForm, type EntityFormProps } from './EntityForm.tsx';

export interface EntityFormModalProps
  extends Pick<ConfirmDialogProps, 'open' | 'title' | 'busy' | 'onCancel'>,
    Pick<ModalProps, 'wide'> {
  form: EntityFormProps;
  /** A problem no field shows, above the form. */
  formError: string | undefined;
  submitLabel: string;
  submitTestId: string;
  onSubmit: () => void;
}

/** An entity form in a dialog: Enter or the submit button submits, Cancel or Escape closes it. */
export function EntityFormModal({
  form,
  formError,
  submitLabel,
  submitTestId,
  busy,
  onSubmit,
  onCancel,
  ...dialog
}: EntityFormModalProps) {
  return (
    <Modal
      {...dialog}
      onClose={onCancel}
      footer={
        <DialogActions onCancel={onCancel}>
          <Button busy={busy} onClick={onSubmit} data-testid={submitTestId}>
            {submitLabel}
          </Button>
        </DialogActions>
      }
    >
      {formError && <FormAlert className="mb-3">{formError}</FormAlert>}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <EntityForm {...form} />
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}
