import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fromPromise } from 'xstate';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import type { FieldNotes } from '../../../shared/schema-form/SchemaFields.tsx';
import { Button } from '../../../shared/ui/Button.tsx';
import { SelectField, TextField } from '../../../shared/ui/fields.tsx';
import { ConfirmDialog } from '../../../shared/ui/Modal.tsx';
import { Card, FormAlert, PageHeader } from '../../../shared/ui/screens.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { useFleetTexts } from '../../fleet/fleet-texts.ts';
import { formMessage } from '../../fleet/form-message.ts';
import { secondaryLink } from '../../fleet/link-styles.ts';
import { emptySuite, type ProbeFamily, probeFamilies, type SuiteDraft } from '../api/task-suite-schema.ts';
import { saveSuite, suitesScreen } from '../api/task-suites-api.ts';
import { familyChangeMachine, type StoredSuite, type SuiteWarning } from '../machines/family-change.machine.ts';
import { SuiteSettings } from './SuiteSettings.tsx';
import { TaskList } from './TaskList.tsx';

export interface SuiteEditorProps {
  draft: SuiteDraft | undefined;
  stored: StoredSuite | undefined;
  warnings: SuiteWarning[] | undefined;
  onCreated: (id: string, warnings: SuiteWarning[]) => void;
}

const warningText = (warning: SuiteWarning) => errorMessage(warning.code, warning.params);

/** Where each warning points (`tasks.0.interval`), so the field shows it too. */
const warningsByField = (warnings: readonly SuiteWarning[]) =>
  Object.fromEntries(
    warnings.flatMap((warning) =>
      typeof warning.params?.field === 'string' ? [[warning.params.field, warningText(warning)]] : [],
    ),
  );

export function SuiteEditor(props: SuiteEditorProps) {
  const { t } = useTranslation('taskSuites');
  const texts = useFleetTexts();
  const machine = useMemo(
    () => familyChangeMachine.provide({ actors: { save: fromPromise(({ input }) => saveSuite(input)) } }),
    [],
  );
  const [state, send, actor] = useMachine(machine, {
    input: { draft: props.draft ?? emptySuite(), stored: props.stored, warnings: props.warnings ?? [] },
  });
  const { draft, failure, warnings, stored, pendingFamily } = state.context;
  const { onCreated } = props;

  useEffect(() => {
    const subscription = actor.on('saved', (saved) => {
      toast.success(t('common:saved'));
      if (saved.created) onCreated(saved.id, saved.warnings);
    });
    return () => subscription.unsubscribe();
  }, [actor, onCreated, t]);

  const notes: FieldNotes = { errors: failure?.fields ?? {}, warnings: warningsByField(warnings) };
  const edit = (next: Partial<SuiteDraft>) => send({ type: 'EDIT', draft: { ...draft, ...next } });
  const confirming = state.matches('confirmingChange') || state.matches('confirmingSave');
  const erased = state.matches('confirmingChange') ? draft.tasks.length : (stored?.taskCount ?? 0);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'SAVE' });
      }}
    >
      <PageHeader
        title={stored ? `${t('title')}: ${draft.name || stored.id}` : t('newSuite')}
        actions={
          <>
            <Link className={secondaryLink} to={suitesScreen}>
              {t('backToList')}
            </Link>
            <Button type="submit" busy={state.matches('saving')} data-testid="save-suite">
              {t('common:save')}
            </Button>
          </>
        }
      />
      {failure && <FormAlert className="mb-3">{formMessage(failure.code, failure.fields)}</FormAlert>}
      {warnings.length > 0 && (
        <div
          role="status"
          className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900"
          data-testid="suite-warnings"
        >
          <p className="font-medium">{t('savedWithWarnings')}</p>
          <ul className="list-disc pl-5">
            {warnings.map((warning) => (
              <li key={`${warning.code}:${String(warning.params?.field ?? '')}`}>{warningText(warning)}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="space-y-4">
        <Card>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <TextField
              label={`${texts.label('name', ['name'])} *`}
              value={draft.name}
              error={notes.errors.name}
              onChange={(event) => edit({ name: event.target.value })}
            />
            <SelectField
              label={`${texts.label('family', ['family'])} *`}
              placeholder=""
              options={probeFamilies.map((family) => ({ value: family, label: family }))}
              value={draft.family}
              error={notes.errors.family}
              onChange={(event) => send({ type: 'CHANGE_FAMILY', family: event.target.value as ProbeFamily })}
            />
          </div>
        </Card>
        <SuiteSettings draft={draft} notes={notes} texts={texts} onChange={edit} />
        <TaskList tasks={draft.tasks} notes={notes} texts={texts} onChange={(tasks) => edit({ tasks })} />
      </div>
      <ConfirmDialog
        open={confirming}
        danger
        title={t('changeFamilyTitle')}
        message={
          <>
            <p>{errorMessage('taskSuites.familyChangeNeedsConfirmation')}</p>
            <p className="mt-2 font-medium">
              {t('tasksErased', {
                count: erased,
                from: stored?.family || draft.family,
                to: pendingFamily ?? draft.family,
              })}
            </p>
          </>
        }
        confirmLabel={t('changeFamily')}
        onCancel={() => send({ type: 'CANCEL' })}
        onConfirm={() => send({ type: 'CONFIRM' })}
      />
    </form>
  );
}
