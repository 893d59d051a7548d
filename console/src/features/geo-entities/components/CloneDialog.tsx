import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, specificCodeOr } from '../../../shared/api/api-error.ts';
import { type Entity, useEntityWrite } from '../../../shared/api/entities.ts';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { TextField } from '../../../shared/ui/fields.tsx';
import { DialogActions, Modal } from '../../../shared/ui/Modal.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { apiProblems } from '../model/form-problems.ts';

export interface CloneDialogProps {
  basePath: string;
  /** The entity to copy; the dialog is open while it is set. */
  source: Entity | undefined;
  /** The catalogue code shown when the copy fails without a code of its own. */
  failureCode: string;
  onClose: () => void;
}

/** Clone under a new name (docs/product/api.md, POST …/{id}/clone): the name's problems show under it. */
export function CloneDialog({ basePath, source, failureCode, onClose }: CloneDialogProps) {
  const { t } = useTranslation('geo');
  const write = useEntityWrite(basePath);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<{ field?: string; form?: string }>({});

  const close = () => {
    setName('');
    setProblem({});
    onClose();
  };

  async function clone() {
    if (!source) return;
    if (!name.trim()) return setProblem({ field: 'validation.required' });
    try {
      await write.mutateAsync({ kind: 'clone', id: source.id, fields: { name: name.trim() } });
      toast.success(t('list.cloned'));
      close();
    } catch (error) {
      const code = specificCodeOr(failureCode)(error);
      const problems = apiProblems(isApiError(error) ? error : { code }, ['name']);
      setProblem(problems.fields.name ? { field: problems.fields.name } : { form: problems.form ?? code });
    }
  }

  return (
    <Modal
      open={source !== undefined}
      title={t('list.cloneTitle', { name: source?.name ?? '' })}
      onClose={close}
      footer={
        <DialogActions onCancel={close}>
          <Button busy={write.isPending} onClick={() => void clone()} data-testid="confirm-clone">
            {t('common:clone')}
          </Button>
        </DialogActions>
      }
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void clone();
        }}
        className="space-y-3"
      >
        {problem.form && (
          <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-700">
            {errorMessage(problem.form)}
          </p>
        )}
        <TextField
          label={t('list.cloneName')}
          value={name}
          maxLength={64}
          onChange={(event) => setName(event.target.value)}
          error={problem.field ? errorMessage(problem.field) : undefined}
        />
      </form>
    </Modal>
  );
}
