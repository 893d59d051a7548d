import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { useRefreshInterval } from '../../../shared/api/refresh-interval.ts';
import { DeleteConfirmDialog } from '../../../shared/entity-screen/DeleteConfirmDialog.tsx';
import { EntityFormModal } from '../../../shared/entity-screen/EntityFormModal.tsx';
import {
  createBody,
  type FieldSpec,
  FieldValueError,
  type FormValues,
  problemsByField,
  toFormValues,
} from '../../../shared/entity-screen/field-spec.ts';
import { QueryTable } from '../../../shared/entity-screen/QueryTable.tsx';
import { useActionsColumn } from '../../../shared/entity-screen/useActionsColumn.tsx';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import type { Column } from '../../../shared/ui/DataTable.tsx';
import { Modal } from '../../../shared/ui/Modal.tsx';
import { PageHeader } from '../../../shared/ui/screens.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { credentialsApi } from '../api/credentials-api.ts';
import { issueCredentialMachine } from '../machines/issue-credential.machine.ts';
import { SecretLine } from './SecretLine.tsx';

export interface CredentialsScreenProps<Row> {
  /** i18n namespace: `title`, `createTitle` (its generation dialog), the column and field labels. */
  namespace: string;
  path: '/tokens' | '/api-credentials';
  idOf: (row: Row) => string;
  nameOf: (row: Row) => string;
  columns: readonly Column<Row>[];
  fields: readonly FieldSpec[];
  /** Form values a new credential starts with (e.g. an expiry a month away). */
  defaults?: () => FormValues;
  /** Catalogue codes shown under a field of the form. */
  codeFields?: Record<string, string>;
}

/**
 * Credentials for machine clients of the caller's profile (tokens, API clients): a list, generation with the secret
 * shown once, and revocation after a confirmation.
 */
export function CredentialsScreen<Row>({
  namespace,
  path,
  idOf,
  nameOf,
  columns,
  fields,
  defaults,
  codeFields,
}: CredentialsScreenProps<Row>) {
  const { t } = useTranslation(namespace);
  const queryClient = useQueryClient();
  const calls = useMemo(() => credentialsApi(path), [path]);
  const listKey = ['credentials', path];
  const list = useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) => calls.list<Row>(signal),
    refetchInterval: useRefreshInterval(),
    meta: { errorCode: 'tokens.listFailed' },
  });
  const machine = useMemo(
    () =>
      issueCredentialMachine.provide({
        actors: {
          issue: fromPromise(async ({ input }) => {
            const issued = await calls.issue(input);
            void queryClient.invalidateQueries({ queryKey: ['credentials', path] });
            return issued;
          }),
        },
      }),
    [calls, path, queryClient],
  );
  const [flow, send] = useMachine(machine);
  const [values, setValues] = useState<FormValues>({});
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const [revoking, setRevoking] = useState<Row | undefined>();
  const revoke = useMutation({
    mutationFn: (row: Row) => calls.revoke(idOf(row)),
    meta: { errorCode: 'generic.error' },
    onSuccess: () => toast.success(t('common:deleted')),
    onSettled: () => {
      setRevoking(undefined);
      return queryClient.invalidateQueries({ queryKey: listKey });
    },
  });

  const { failure, issued } = flow.context;
  const failureField = failure && codeFields?.[failure.code];
  const errors = {
    ...localErrors,
    ...problemsByField(fields, failure?.fields ?? {}),
    ...(failureField && failure ? { [failureField]: errorMessage(failure.code) } : {}),
  };
  const formError = failure && !failureField && !failure.fields ? errorMessage(failure.code) : undefined;

  function open() {
    setValues({ ...toFormValues(fields, undefined), ...defaults?.() });
    setLocalErrors({});
    send({ type: 'OPEN' });
  }
  function submit() {
    setLocalErrors({});
    try {
      send({ type: 'SUBMIT', request: createBody(fields, values) });
    } catch (error) {
      if (error instanceof FieldValueError) setLocalErrors({ [error.field]: errorMessage(error.code) });
      else throw error;
    }
  }

  const actions = useActionsColumn<Row>({ labelOf: nameOf, onDelete: setRevoking });

  return (
    <div>
      <PageHeader
        title={t('title')}
        actions={
          <Button onClick={open} data-testid="generate-credential">
            {t('tokens:generate')}
          </Button>
        }
      />
      <QueryTable<Row> query={list} columns={[...columns, actions]} rowKey={idOf} caption={t('title')} />
      <EntityFormModal
        open={flow.matches('editing') || flow.matches('issuing')}
        title={t('createTitle')}
        formError={formError}
        submitLabel={t('tokens:generate')}
        submitTestId="save-credential"
        busy={flow.matches('issuing')}
        onSubmit={submit}
        onCancel={() => send({ type: 'CANCEL' })}
        form={{
          namespace,
          fields,
          values,
          errors,
          editing: false,
          onChange: (name, value) => setValues((current) => ({ ...current, [name]: value })),
        }}
      />
      <Modal
        open={flow.matches('showingSecret')}
        title={t('tokens:secretTitle')}
        onClose={() => send({ type: 'CLOSE' })}
        footer={<Button onClick={() => send({ type: 'CLOSE' })}>{t('common:close')}</Button>}
      >
        {issued && (
          <div className="space-y-4" data-testid="issued-secret">
            <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {t('tokens:secretOnce')}
            </p>
            <SecretLine label={t('tokens:clientId')} value={issued.clientId} />
            <SecretLine label={t('tokens:clientSecret')} value={issued.clientSecret} />
          </div>
        )}
      </Modal>

      <DeleteConfirmDialog
        target={revoking}
        labelOf={nameOf}
        questionKey="tokens:confirmRevoke"
        busy={revoke.isPending}
        onCancel={() => setRevoking(undefined)}
        onConfirm={() => revoking && revoke.mutate(revoking)}
      />
    </div>
  );
}
