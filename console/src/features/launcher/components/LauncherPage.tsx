import { basePathOf } from '@nq/contracts/configuration/kinds';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { type Entity, entityApi } from '../../../shared/api/entities.ts';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { SelectField } from '../../../shared/ui/fields.tsx';
import { ConfirmDialog } from '../../../shared/ui/Modal.tsx';
import { Card, FormAlert, PageHeader } from '../../../shared/ui/screens.tsx';
import { launcherApi, launchKeys, launchOnProbes } from '../api/launcher-api.ts';
import {
  type ClusterLaunchAnswer,
  type ClusterLaunchCallInput,
  clusterLaunchMachine,
} from '../machines/cluster-launch.machine.ts';
import { launchMachine } from '../machines/launch.machine.ts';
import { LaunchesTable } from './LaunchesTable.tsx';
import { LaunchGroupPanel } from './LaunchGroupPanel.tsx';
import { LaunchOutcomePanel } from './LaunchOutcomePanel.tsx';

type ProbeRow = Entity & { probeId: string; name: string };
type SuiteRow = Entity & { name: string; tasks?: { id: string; name: string; type: string }[] };
type ClusterRow = Entity & { name: string };

const everything = { page: 1, pageSize: 500 };

/** What a launch reaches: the probes chosen one by one, or every active probe of a cluster. */
type Target = 'probes' | 'cluster';
const targets: readonly Target[] = ['probes', 'cluster'];

/**
 * `measurementLauncher`: run a task of a task suite now on the probes chosen, or on every probe of a cluster, and
 * follow how the launches end.
 */
export default function LauncherPage() {
  const { t } = useTranslation('launcher');
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<Target>('probes');
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
  const clusters = useQuery({
    queryKey: ['launcher', 'clusters'],
    queryFn: ({ signal }) =>
      entityApi<ClusterRow>(basePathOf('cluster')).list({ ...everything, fields: 'name', sort: 'name' }, signal),
    enabled: target === 'cluster',
    meta: { errorCode: 'clusters.fetchFailed' },
  });
  const [probeIds, setProbeIds] = useState<string[]>([]);
  const [clusterId, setClusterId] = useState('');
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
    [queryClient],
  );
  const [state, send] = useMachine(machine);
  const onCluster = useMemo(
    () =>
      clusterLaunchMachine.provide({
        actors: {
          launch: fromPromise<ClusterLaunchAnswer, ClusterLaunchCallInput>(async ({ input }) => {
            const answer = await launcherApi.launchOnCluster(input.clusterId, input.task, input.confirm);
            void queryClient.invalidateQueries({ queryKey: launchKeys.all });
            return answer;
          }),
        },
      }),
    [queryClient],
  );
  const [clusterState, sendToCluster] = useMachine(onCluster);
  const busyWorking =
    state.matches('launching') ||
    state.matches('relaunching') ||
    clusterState.matches('launching') ||
    clusterState.matches('relaunching');
  const clusterNameOf = (id: string) => clusters.data?.list.find((cluster) => cluster.id === id)?.name ?? '';
  const { answer, busy, kept, problem } = clusterState.context;

  return (
    <div className="space-y-4">
      <PageHeader title={t('title')} />
      <Card>
        <form
          className="grid grid-cols-1 gap-4 md:grid-cols-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (!task) return;
            if (target === 'probes' && probeIds.length) send({ type: 'LAUNCH', request: { probeIds, task } });
            if (target === 'cluster' && clusterId) sendToCluster({ type: 'LAUNCH', request: { clusterId, task } });
          }}
        >
          <fieldset className="md:col-span-3">
            <legend className="mb-1 text-sm font-medium text-gray-700">{t('target')}</legend>
            {/* Toggle buttons rather than radios: the probes list keeps "Probes" as its one label. */}
            <div className="inline-flex rounded-md shadow-sm">
              {targets.map((choice, index) => (
                <button
                  key={choice}
                  type="button"
                  aria-pressed={target === choice}
                  onClick={() => setTarget(choice)}
                  className={`border px-3 py-1.5 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 ${
                    index === 0 ? 'rounded-l-md' : '-ml-px rounded-r-md'
                  } ${
                    target === choice
                      ? 'border-blue-600 bg-blue-600 text-white'
                      : 'border-gray-300 bg-white text-gray-700 hover:bg-gray-50'
                  }`}
                >
                  {t(choice === 'probes' ? 'targetProbes' : 'targetCluster')}
                </button>
              ))}
            </div>
          </fieldset>
          {target === 'probes' ? (
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
          ) : (
            <SelectField
              label={t('cluster')}
              placeholder=""
              options={(clusters.data?.list ?? []).map((cluster) => ({ value: cluster.id, label: cluster.name }))}
              value={clusterId}
              onChange={(event) => setClusterId(event.target.value)}
              hint={t('clusterHint')}
            />
          )}
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
            <Button
              type="submit"
              busy={busyWorking}
              disabled={!task || (target === 'probes' ? probeIds.length === 0 : !clusterId)}
              data-testid="launch"
            >
              {t('launch')}
            </Button>
          </div>
        </form>
      </Card>
      {target === 'probes' ? (
        <>
          {state.matches('ready') && <LaunchOutcomePanel context={state.context} />}
          <section aria-labelledby="launches-heading" className="space-y-2">
            <h2 id="launches-heading" className="text-base font-semibold text-gray-900">
              {t('launches')}
            </h2>
            <LaunchesTable probeIds={probeIds} />
          </section>
        </>
      ) : (
        clusterState.matches('ready') && (
          <>
            {problem && <FormAlert>{errorMessage(problem.code, problem.params)}</FormAlert>}
            {kept && (
              <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
                {t('clusterKept')}
              </p>
            )}
            {answer && (
              <LaunchGroupPanel
                key={answer.group.id}
                group={answer.group}
                cancelled={answer.cancelled}
                clusterName={clusterNameOf(answer.group.clusterId)}
              />
            )}
          </>
        )
      )}
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
      <ConfirmDialog
        open={clusterState.matches('confirmingCancel')}
        danger
        title={t('cancelInProgressOnClusterTitle')}
        message={busy && <p>{errorMessage(busy.code, busy.params)}</p>}
        confirmLabel={t('cancelThemAndLaunch')}
        onCancel={() => sendToCluster({ type: 'CANCEL' })}
        onConfirm={() => sendToCluster({ type: 'CONFIRM' })}
      />
    </div>
  );
}
