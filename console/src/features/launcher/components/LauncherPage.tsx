import { basePathOf } from '@nq/contracts/configuration/kinds';
import { useQuery } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { type Entity, entityApi } from '../../../shared/api/entities.ts';
import { queryClient } from '../../../shared/api/query-client.ts';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { SelectField } from '../../../shared/ui/fields.tsx';
import { ConfirmDialog } from '../../../shared/ui/Modal.tsx';
import { Card, PageHeader } from '../../../shared/ui/screens.tsx';
import { launchKeys, launchOnProbes } from '../api/launcher-api.ts';
import { launchMachine } from '../machines/launch.machine.ts';
import { LaunchesTable } from './LaunchesTable.tsx';
import { LaunchOutcomePanel } from './LaunchOutcomePanel.tsx';

type ProbeRow = Entity & { probeId: string; name: string };
type SuiteRow = Entity & { name: string; tasks?: { id: string; name: string; type: string }[] };

const everything = { page: 1, pageSize: 500 };

/** `measurementLauncher`: run a task of a task suite now on the probes chosen, and follow how the launches end. */
export default function LauncherPage() {
  const { t } = useTranslation('launcher');
  const probes = useQuery({
    queryKey: ['launcher', 'probes'],
    queryFn: ({ signal }) =>
      entityApi<ProbeRow>(basePathOf('probe')).list({ ...everything, fields: 'probeId,name', sort: 'probeId' }, signal),
    meta: { errorCode: 'probes.fetchFailed' },
  });
  const suites = useQuery({
    queryKey: ['launcher', 'task-suites'],
    queryFn: ({ signal }) =>
      entityApi<SuiteRow>(basePathOf('task-suite')).list({ ...everything, fields: 'name,tasks', sort: 'name' }, signal),
  });
  const [probeIds, setProbeIds] = useState<string[]>([]);
  const [suiteId, setSuiteId] = useState('');
  const [taskId, setTaskId] = useState('');
  const suite = suites.data?.list.find((candidate) => candidate.id === suiteId);
  const task = suite?.tasks?.find((candidate) => candidate.id === taskId) ?? suite?.tasks?.[0];

  const machine = useMemo(
    () =>
      launchMachine.provide({
        actors: {
          launch: fromPromise(async ({ input }) => {
            const outcomes = await launchOnProbes(input);
            void queryClient.invalidateQueries({ queryKey: launchKeys.all });
            return outcomes;
          }),
        },
      }),
    [],
  );
  const [state, send] = useMachine(machine);
  const busyWorking = state.matches('launching') || state.matches('relaunching');

  return (
    <div className="space-y-4">
      <PageHeader title={t('title')} />
      <Card>
        <form
          className="grid grid-cols-1 gap-4 md:grid-cols-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (task && probeIds.length) send({ type: 'LAUNCH', request: { probeIds, task } });
          }}
        >
          <SelectField
            label={t('probes')}
            multiple
            size={8}
            options={(probes.data?.list ?? []).map((probe) => ({
              value: probe.id,
              label: `${probe.probeId} · ${probe.name}`,
            }))}
            value={probeIds}
            onChange={(event) => setProbeIds([...event.target.selectedOptions].map((option) => option.value))}
            hint={t('probesHint')}
          />
          <div className="space-y-4">
            <SelectField
              label={t('taskSuite')}
              placeholder=""
              options={(suites.data?.list ?? []).map((candidate) => ({ value: candidate.id, label: candidate.name }))}
              value={suiteId}
              onChange={(event) => {
                setSuiteId(event.target.value);
                setTaskId('');
              }}
            />
            <SelectField
              label={t('task')}
              disabled={!suite?.tasks?.length}
              options={(suite?.tasks ?? []).map((candidate) => ({
                value: candidate.id,
                label: `${candidate.name} · ${t(`fleet:taskTypes.${candidate.type}`)}`,
              }))}
              value={task?.id ?? ''}
              onChange={(event) => setTaskId(event.target.value)}
            />
            {suite && !suite.tasks?.length && <p className="text-sm text-gray-500">{t('suiteWithoutTasks')}</p>}
          </div>
          <div className="flex flex-col justify-end gap-3">
            <Button type="submit" busy={busyWorking} disabled={!task || probeIds.length === 0} data-testid="launch">
              {t('launch')}
            </Button>
          </div>
        </form>
      </Card>
      {state.matches('ready') && <LaunchOutcomePanel context={state.context} />}
      <section aria-labelledby="launches-heading" className="space-y-2">
        <h2 id="launches-heading" className="text-base font-semibold text-gray-900">
          {t('launches')}
        </h2>
        <LaunchesTable probeIds={probeIds} />
      </section>
      <ConfirmDialog
        open={state.matches('confirmingCancel')}
        danger
        title={t('cancelInProgressTitle')}
        message={
          <>
            <p>{errorMessage('measurements.inProgress')}</p>
            <p className="mt-2 font-medium">{t('busyProbes', { probes: state.context.busy.join(', ') })}</p>
          </>
        }
        confirmLabel={t('cancelAndLaunch')}
        onCancel={() => send({ type: 'CANCEL' })}
        onConfirm={() => send({ type: 'CONFIRM' })}
      />
    </div>
  );
}
