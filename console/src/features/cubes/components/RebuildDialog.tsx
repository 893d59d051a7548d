import type { CubeRebuild, CubeRebuildBody, CubeStatusList } from '@nq/contracts/analytics/cube-status';
import { maxRebuildDays } from '@nq/contracts/analytics/cube-status';
import { useMachine } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { isApiError } from '../../../shared/api/api-error.ts';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { TextField } from '../../../shared/ui/fields.tsx';
import { Modal } from '../../../shared/ui/Modal.tsx';
import { FormAlert } from '../../../shared/ui/screens.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { requestRebuild, useStatusRefresh } from '../api/cubes-api.ts';
import { type RebuildFailure, type RebuildTarget, rebuildMachine } from '../machines/rebuild.machine.ts';
import { rebuildIsActive } from '../model/cube-figures.ts';
import { RebuildProgress } from './RebuildProgress.tsx';

/** What the dialog needs of a cube: which one, and the zone of its days. */
export interface RebuildCube extends RebuildTarget {
  timeZone: string;
}

/** A refusal as the dialog shows it: under the date it names, else above the range; a bare failure as the screen's. */
function failureOf(error: unknown): RebuildFailure {
  if (!isApiError(error) || error.code === 'generic.error' || error.code === 'internal.error')
    return { code: 'cubes.rebuildFailed' };
  const fields = Object.fromEntries(
    Object.entries(error.fieldProblems).filter(([field]) => field === 'from' || field === 'to'),
  );
  // A range too long or backwards shows under its end.
  if (error.code === 'cubes.rebuildRange') fields.to = error.localized;
  return { code: error.code, params: error.params, fields };
}

/** The dialog's rebuild: opened from a cube's row, it asks the range, then follows the job the server queued. */
export function useRebuild() {
  const { t } = useTranslation('cubes');
  const refreshStatus = useStatusRefresh();
  const machine = useMemo(
    () =>
      rebuildMachine.provide({
        actors: {
          rebuild: fromPromise(async ({ input }) => {
            try {
              return await requestRebuild(input.cubeId, input.range);
            } catch (error) {
              throw failureOf(error);
            }
          }),
        },
        actions: {
          announceRequested: () => {
            toast.success(t('rebuildRequested'));
            void refreshStatus();
          },
        },
      }),
    [t, refreshStatus],
  );
  const [state, send] = useMachine(machine);
  const [cube, setCube] = useState<RebuildCube | undefined>();
  // Each opening starts from the default range, without the previous one's problems.
  const [opening, setOpening] = useState(0);
  return {
    open: (target: RebuildCube) => {
      setCube(target);
      setOpening((count) => count + 1);
      send({ type: 'OPEN', cube: { id: target.id, name: target.name } });
    },
    /** The id of the rebuild the dialog follows (the status is read every few seconds until it reports its end). */
    following: state.matches('following') ? state.context.rebuild?.rebuildId : undefined,
    /** The dialog's key: a new opening draws it afresh. */
    opening,
    dialog: {
      cube,
      choosing: state.matches('choosing') || state.matches('sending'),
      sending: state.matches('sending'),
      following: state.matches('following'),
      failure: state.context.failure,
      requested: state.context.rebuild,
      onSubmit: (range: CubeRebuildBody) => send({ type: 'SUBMIT', range }),
      onClose: () => send({ type: 'CLOSE' }),
    },
  };
}

export interface RebuildDialogProps {
  cube: RebuildCube | undefined;
  choosing: boolean;
  sending: boolean;
  following: boolean;
  failure: RebuildFailure | undefined;
  /** The rebuild as the server queued it (202). */
  requested: CubeRebuild | undefined;
  /** The figures, whose cube's last rebuild moves as the job runs. */
  status: CubeStatusList | undefined;
  onSubmit: (range: CubeRebuildBody) => void;
  onClose: () => void;
}

/** A day as the date input writes it, `days` before today (the browser's day). */
const dayBefore = (days: number) => {
  const date = new Date(Date.now() - days * 86_400_000);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

/** A range's problems found before asking: a date missing, or an end before the start. */
function rangeProblems(from: string, to: string): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!from) problems.from = errorMessage('validation.required');
  if (!to) problems.to = errorMessage('validation.required');
  if (from && to && to < from) problems.to = errorMessage('cubes.rebuildRange', { maxDays: maxRebuildDays });
  return problems;
}

/** Rebuild a cube's rows over whole days of its zone, then its progress (the figures are read while it runs). */
export function RebuildDialog({
  cube,
  choosing,
  sending,
  following,
  failure,
  requested,
  status,
  onSubmit,
  onClose,
}: RebuildDialogProps) {
  const { t } = useTranslation('cubes');
  const [from, setFrom] = useState(() => dayBefore(30));
  const [to, setTo] = useState(() => dayBefore(0));
  const [checked, setChecked] = useState(false);
  const problems = { ...(checked ? rangeProblems(from, to) : {}), ...(failure?.fields ?? {}) };
  const formFailure =
    failure && Object.keys(failure.fields ?? {}).length === 0 ? errorMessage(failure.code, failure.params) : undefined;
  // The status reports the rebuild once the job has started; until then the dialog shows what the server queued.
  const reported = status?.cubes.find((item) => item.cubeId === cube?.id)?.lastRebuild;
  const rebuild = reported && reported.rebuildId === requested?.rebuildId ? reported : requested;

  function submit() {
    setChecked(true);
    if (Object.keys(rangeProblems(from, to)).length === 0) onSubmit({ from, to });
  }

  const title = t('rebuildTitle', { name: cube?.name ?? '' });
  return (
    <Modal
      open={(choosing || following) && cube !== undefined}
      title={title}
      onClose={onClose}
      footer={
        following ? (
          <Button variant="secondary" onClick={onClose}>
            {t('common:close')}
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              {t('common:cancel')}
            </Button>
            <Button busy={sending} onClick={submit}>
              {t('startRebuild')}
            </Button>
          </>
        )
      }
    >
      {following && rebuild && cube ? (
        <div className="space-y-3">
          <p className="text-sm text-gray-700">
            {rebuildIsActive(rebuild) ? t('rebuildFollowing') : t('rebuildFinished')}
          </p>
          <RebuildProgress rebuild={rebuild} name={cube.name} timeZone={cube.timeZone} />
        </div>
      ) : (
        <form
          noValidate
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <p className="text-sm text-gray-700">{t('rebuildIntro', { timeZone: cube?.timeZone ?? 'UTC' })}</p>
          {formFailure && <FormAlert>{formFailure}</FormAlert>}
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <TextField
              label={t('from')}
              type="date"
              value={from}
              error={problems.from}
              onChange={(event) => setFrom(event.target.value)}
            />
            <TextField
              label={t('to')}
              type="date"
              value={to}
              error={problems.to}
              onChange={(event) => setTo(event.target.value)}
            />
          </div>
          <button type="submit" hidden />
        </form>
      )}
    </Modal>
  );
}
