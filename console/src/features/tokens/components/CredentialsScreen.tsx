import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { useRefreshInterval } from '../../../shared/api/refresh-interval.ts';
import { EntityForm } from '../../../shared/entity-screen/EntityForm.tsx';
import {
  createBody,
  type FieldSpec,
  FieldValueError,
  type FormValues,
  problemsByField,
  toFormValues,
} from '../../../shared/entity-screen/field-spec.ts';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { type Column, DataTable } from '../../../shared/ui/DataTable.tsx';
import { ConfirmDialog, Modal } from '../../../shared/ui/Modal.tsx';
import { FormAlert, PageHeader } from '../../../shared/ui/screens.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { credentialsApi } from '../api/credentials-api.ts';
import { issueCredentialMachine } from '../machines/issue-credential.machine.ts';
import { SecretLine } from './SecretLine.tsx';

export interface CredentialsScreenProps<Row> {
  /** i18n namespace: `title`, the column and field labels. */
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

  const actions: Column<Row> = {
    key: 'actions',
    header: t('common:actions'),
    render: (row) => (
      <Button
        variant="ghost"
        className="text-rose-700"
        onClick={() => setRevoking(row)}
        aria-label={`${t('common:delete')} ${nameOf(row)}`}
      >
        {t('common:delete')}
      </Button>
    ),
  };

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
      <DataTable<Row>
        columns={[...columns, actions]}
        rows={list.data?.list}
        rowKey={idOf}
        loading={list.isFetching}
        caption={t('title')}
      />

      <Modal
        open={flow.matches('editing') || flow.matches('issuing')}
        title={t('tokens:generate')}
        onClose={() => send({ type: 'CANCEL' })}
        footer={
          <>
            <Button variant="secondary" onClick={() => send({ type: 'CANCEL' })}>
              {t('common:cancel')}
            </Button>
            <Button busy={flow.matches('issuing')} onClick={submit} data-testid="save-credential">
              {t('tokens:generate')}
            </Button>
          </>
        }
      >
        {formError && <FormAlert className="mb-3">{formError}</FormAlert>}
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <EntityForm
            namespace={namespace}
            fields={fields}
            values={values}
            errors={errors}
            editing={false}
            onChange={(name, value) => setValues((current) => ({ ...current, [name]: value }))}
          />
          <button type="submit" hidden />
        </form>
      </Modal>

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

      <ConfirmDialog
        open={revoking !== undefined}
        danger
        title={t('common:delete')}
        message={t('tokens:confirmRevoke', { name: revoking ? nameOf(revoking) : '' })}
        confirmLabel={t('common:delete')}
        busy={revoke.isPending}
        onCancel={() => setRevoking(undefined)}
        onConfirm={() => revoking && revoke.mutate(revoking)}
      />
    </div>
  );
}
