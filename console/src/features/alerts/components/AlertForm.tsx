import { alertIntervalUnits, alertTypes } from '@nq/contracts/configuration/alert';
import { activeStatuses } from '@nq/contracts/configuration/common';
import type { Profile } from '@nq/contracts/identity/profile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, specificCodeOr } from '../../../shared/api/api-error.ts';
import { useEntityWrite } from '../../../shared/api/entities.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { CheckboxField, FieldFrame, inputClass, SelectField, TextField } from '../../../shared/ui/fields.tsx';
import { Modal } from '../../../shared/ui/Modal.tsx';
import { ErrorNotice } from '../../../shared/ui/notices.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { type AlertView, alertsPath } from '../api/alerts-api.ts';
import {
  type AlertDraft,
  bodyOf,
  draftOf,
  draftProblems,
  groupingChoices,
  newDraft,
  type Problems,
  problemUnder,
} from '../model/alert-draft.ts';
import { useAlertScopeOptions } from '../model/alert-options.ts';
import { BacktestPanel } from './BacktestPanel.tsx';
import { ChoiceGroup } from './ChoiceGroup.tsx';
import { ConditionsEditor } from './ConditionsEditor.tsx';
import { RecipientsEditor } from './RecipientsEditor.tsx';

/** The body fields the form shows: a refusal naming one of them shows under it, any other above the form. */
const formFields = [
  'name',
  'type',
  'status',
  'conditions',
  'interval',
  'eventsCount',
  'technologies',
  'campaigns',
  'universes',
  'providers',
  'grouping',
  'email',
  'push',
  'notifyOnlyNew',
  'enabled',
];
const shownByTheForm = (path: string) => formFields.includes(path.split('.')[0] ?? '');

interface AlertFormProps {
  profile: Profile;
  /** The alert edited; none to create one. */
  alert: AlertView | undefined;
  onClose: () => void;
}

/**
 * Create or edit an alert (docs/product/entities.md#alert) with every rule of docs/product/rules.md#alert under its
 * field: the contract's schema is checked before sending, and a refusal of the server shows under the field it names.
 */
export function AlertForm({ profile, alert, onClose }: AlertFormProps) {
  const { t } = useTranslation('alerts');
  const [draft, setDraft] = useState<AlertDraft>(() => (alert ? draftOf(alert) : newDraft(profile.service)));
  const [checked, setChecked] = useState(false);
  const [refusal, setRefusal] = useState<{ problems: Problems; form?: string }>({ problems: {} });
  const write = useEntityWrite<AlertView>(alertsPath);
  const options = useAlertScopeOptions(profile, draft.type);

  const problems: Problems = { ...(checked ? draftProblems(draft) : {}), ...refusal.problems };
  const change = (changes: Partial<AlertDraft>) => {
    setDraft((current) => ({ ...current, ...changes }));
    setRefusal({ problems: {} });
  };
  const listOf = (field: 'campaigns' | 'universes' | 'providers') => ({
    chosen: draft[field],
    onChange: (chosen: string[]) => change({ [field]: chosen }),
    problem: problemUnder(problems, field),
  });

  /** Shows the draft's problems under their fields; answers whether there are none. */
  function checkDraft() {
    setChecked(true);
    return Object.keys(draftProblems(draft)).length === 0;
  }
  /** Shows a server refusal under the field it names; answers whether it named one of the form's. */
  function placeRefusal(error: unknown) {
    const placed = isApiError(error)
      ? Object.fromEntries(Object.entries(error.fieldProblems).filter(([path]) => shownByTheForm(path)))
      : {};
    if (Object.keys(placed).length === 0) return false;
    setRefusal({ problems: placed });
    return true;
  }

  async function save() {
    if (!checkDraft()) return;
    try {
      const body = bodyOf(draft);
      await (alert
        ? write.mutateAsync({ kind: 'update', id: alert.id, changes: body })
        : write.mutateAsync({ kind: 'create', fields: body }));
      toast.success(t('saved'));
      onClose();
    } catch (error) {
      if (!placeRefusal(error))
        setRefusal({
          problems: {},
          form: specificCodeOr(alert ? 'alerts.updateFailed' : 'alerts.createFailed')(error),
        });
    }
  }

  return (
    <Modal
      open
      wide
      title={alert ? t('editTitle', { name: alert.name }) : t('createTitle')}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button busy={write.isPending} onClick={() => void save()}>
            {t('save')}
          </Button>
        </>
      }
    >
      <form
        className="space-y-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        {refusal.form && <ErrorNotice code={refusal.form} />}
        <TextField
          label={t('name')}
          value={draft.name}
          onChange={(event) => change({ name: event.target.value })}
          error={problems.name}
          required
        />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <SelectField
            label={t('type')}
            value={draft.type}
            onChange={(event) => change({ type: event.target.value as AlertDraft['type'] })}
            options={alertTypes.map((type) => ({ value: type, label: t(`types.${type}`) }))}
            error={problems.type}
          />
          <SelectField
            label={t('grouping')}
            value={draft.grouping}
            onChange={(event) => change({ grouping: event.target.value as AlertDraft['grouping'] })}
            options={groupingChoices(draft).map((grouping) => ({ value: grouping, label: t(`groupings.${grouping}`) }))}
            error={problems.grouping}
          />
          <SelectField
            label={t('columns.status')}
            value={draft.status}
            onChange={(event) => change({ status: event.target.value as AlertDraft['status'] })}
            options={activeStatuses.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
            error={problems.status}
          />
        </div>
        <ConditionsEditor
          rows={draft.conditions}
          onChange={(conditions) => change({ conditions })}
          profile={profile}
          problems={problems}
        />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <IntervalField draft={draft} onChange={change} problem={problemUnder(problems, 'interval')} />
          <TextField
            label={t('eventsCount')}
            type="number"
            min={1}
            step={1}
            value={draft.eventsCount}
            onChange={(event) => change({ eventsCount: event.target.value })}
            hint={t('eventsCountHint')}
            error={problems.eventsCount}
          />
        </div>
        <ChoiceGroup
          legend={t('technologies')}
          hint={t('allWhenEmpty')}
          options={options.technologies}
          chosen={draft.technologies.map(String)}
          onChange={(chosen) => change({ technologies: chosen.map(Number) })}
          problem={problemUnder(problems, 'technologies')}
        />
        <ChoiceGroup
          legend={t('campaigns')}
          hint={t('allWhenEmpty')}
          options={options.campaigns}
          {...listOf('campaigns')}
        />
        <ChoiceGroup
          legend={t('universes')}
          hint={t('allWhenEmpty')}
          options={options.universes}
          {...listOf('universes')}
        />
        <ChoiceGroup
          legend={t('providers')}
          hint={t('allWhenEmpty')}
          options={options.providers}
          {...listOf('providers')}
        />
        <section className="space-y-2 rounded-md border border-gray-200 p-3">
          <h3 className="text-sm font-semibold text-gray-700">{t('email.title')}</h3>
          <CheckboxField
            label={t('email.send')}
            checked={draft.emailEnabled}
            onChange={(event) => change({ emailEnabled: event.target.checked })}
            error={problems['email.enabled']}
          />
          <RecipientsEditor
            rows={draft.recipients}
            onChange={(recipients) => change({ recipients })}
            problems={problems}
          />
        </section>
        <section className="space-y-2 rounded-md border border-gray-200 p-3">
          <h3 className="text-sm font-semibold text-gray-700">{t('push.title')}</h3>
          <CheckboxField
            label={t('push.send')}
            checked={draft.pushEnabled}
            onChange={(event) => change({ pushEnabled: event.target.checked })}
            error={problemUnder(problems, 'push')}
          />
        </section>
        <CheckboxField
          label={t('notifyOnlyNew')}
          hint={t('notifyOnlyNewHint')}
          checked={draft.notifyOnlyNew}
          onChange={(event) => change({ notifyOnlyNew: event.target.checked })}
          error={problems.notifyOnlyNew}
        />
        <CheckboxField
          label={t('enabled')}
          checked={draft.enabled}
          onChange={(event) => change({ enabled: event.target.checked })}
          error={problems.enabled}
        />
        <BacktestPanel draft={draft} checkDraft={checkDraft} placeRefusal={placeRefusal} />
      </form>
    </Modal>
  );
}

/** The interval: a value and a unit side by side, their one rule (docs/product/rules.md#alert) under both. */
function IntervalField({
  draft,
  onChange,
  problem,
}: {
  draft: AlertDraft;
  onChange: (changes: Partial<AlertDraft>) => void;
  problem: string | undefined;
}) {
  const { t } = useTranslation('alerts');
  return (
    <div className="sm:col-span-2">
      <FieldFrame id="alert-interval" label={t('interval.title')} error={problem}>
        <div className="flex gap-2">
          <input
            id="alert-interval"
            type="number"
            min={1}
            step={1}
            aria-label={t('intervalValue')}
            aria-invalid={problem ? true : undefined}
            value={draft.intervalValue}
            onChange={(event) => onChange({ intervalValue: event.target.value })}
            className={inputClass(problem)}
          />
          <select
            aria-label={t('intervalUnit')}
            value={draft.intervalUnit}
            onChange={(event) => onChange({ intervalUnit: event.target.value as AlertDraft['intervalUnit'] })}
            className={inputClass(problem)}
          >
            <option value="" />
            {alertIntervalUnits.map((unit) => (
              <option key={unit} value={unit}>
                {t(`units.${unit}`)}
              </option>
            ))}
          </select>
        </div>
      </FieldFrame>
    </div>
  );
}
