import {
  type AlertBacktestBody,
  type AlertBacktestGroup,
  alertBacktestDayChoices,
} from '@nq/contracts/alerts/alert-backtest';
import type { AlertGroupState } from '@nq/contracts/alerts/alert-history';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, specificCodeOr } from '../../../shared/api/api-error.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { SelectField } from '../../../shared/ui/fields.tsx';
import { ErrorNotice, Notices } from '../../../shared/ui/notices.tsx';
import { useDateFormat } from '../../../shared/ui/useDateFormat.ts';
import { type AlertBacktestResult, backtestAlert } from '../api/backtest-api.ts';
import { type AlertDraft, bodyOf } from '../model/alert-draft.ts';
import { shownStateOf, stateColours } from '../model/alert-state.ts';

const timelineStates: readonly AlertGroupState[] = ['firing', 'resolved', 'noData'];
const colourOf = (state: AlertGroupState) => stateColours[shownStateOf(state)];

interface BacktestPanelProps {
  draft: AlertDraft;
  /** Shows the draft's problems under their fields; answers whether there are none. */
  checkDraft: () => boolean;
  /** Shows a refusal under the form's field it names, as a save's; answers whether it named one. */
  placeRefusal: (error: unknown) => boolean;
}

/**
 * "Try it over the last N days" (the alert form, docs/product/rules.md#alert): the alert as the form has it, evaluated
 * by the server over the stored measurements with the live evaluator's rules, drawn as a timeline of windows per group
 * before it is saved.
 */
export function BacktestPanel({ draft, checkDraft, placeRefusal }: BacktestPanelProps) {
  const { t } = useTranslation('alerts');
  const [days, setDays] = useState<number>(7);
  const [failure, setFailure] = useState<{ days?: string; form?: string }>({});
  /** What the answer shown was asked for: once the form changes, it no longer says what the alert would do. */
  const [tried, setTried] = useState<{ draft: AlertDraft; days: number }>();
  const backtest = useMutation({ mutationFn: backtestAlert });

  function tryIt() {
    setFailure({});
    backtest.reset();
    if (!checkDraft()) return;
    setTried({ draft, days });
    backtest.mutate({ ...bodyOf(draft), days } as AlertBacktestBody, {
      onError: (error) => {
        const daysProblem = isApiError(error) ? error.fieldProblems.days : undefined;
        if (daysProblem) setFailure({ days: daysProblem });
        else if (!placeRefusal(error)) setFailure({ form: specificCodeOr('alerts.backtestFailed')(error) });
      },
    });
  }

  return (
    <section aria-labelledby="alert-backtest-title" className="space-y-3 rounded-md border border-gray-200 p-3">
      <h3 id="alert-backtest-title" className="text-sm font-semibold text-gray-700">
        {t('backtest.title')}
      </h3>
      <p className="text-xs text-gray-500">{t('backtest.hint')}</p>
      <div className="flex items-end gap-2">
        <SelectField
          label={t('backtest.days')}
          value={String(days)}
          onChange={(event) => setDays(Number(event.target.value))}
          options={alertBacktestDayChoices.map((choice) => ({
            value: String(choice),
            label: t('backtest.dayChoice', { count: choice }),
          }))}
          error={failure.days}
        />
        <Button variant="secondary" busy={backtest.isPending} onClick={tryIt}>
          {t('backtest.try')}
        </Button>
      </div>
      {backtest.isPending && (
        <p role="status" className="text-sm text-gray-600">
          {t('backtest.loading', { count: days })}
        </p>
      )}
      {failure.form && <ErrorNotice code={failure.form} />}
      {backtest.data && (tried?.draft !== draft || tried.days !== days) && (
        <p role="status" className="text-sm text-amber-800">
          {t('backtest.stale')}
        </p>
      )}
      {backtest.data && <BacktestTimeline result={backtest.data} />}
    </section>
  );
}

function BacktestTimeline({ result }: { result: AlertBacktestResult }) {
  const { t } = useTranslation('alerts');
  const dates = useDateFormat();
  const { summary } = result;
  return (
    <div className="space-y-2">
      <p role="status" className="text-sm text-gray-800">
        {summary.windowsFiring === 0
          ? t('backtest.neverFired', { count: result.days })
          : t('backtest.summary', {
              count: result.days,
              windows: summary.windowsFiring,
              groups: summary.groups,
              first: dates.dateTime(summary.firstFiring),
              last: dates.dateTime(summary.lastFiring),
            })}
      </p>
      <Notices notices={result.warnings} />
      {result.groups.length > 0 && (
        <>
          <ul aria-label={t('backtest.legend')} className="flex gap-3 text-xs text-gray-600">
            {timelineStates.map((state) => (
              <li key={state} className="flex items-center gap-1">
                <span aria-hidden className="inline-block h-3 w-3 rounded-sm" style={{ background: colourOf(state) }} />
                {t(`history.states.${state}`)}
              </li>
            ))}
          </ul>
          <ul aria-label={t('backtest.timeline')} className="space-y-1">
            {result.groups.map((group) => (
              <GroupRow key={`${group.group.kind}/${group.group.id}`} group={group} result={result} />
            ))}
          </ul>
          <p className="flex justify-between text-xs text-gray-500">
            <span>{dates.dateTime(result.from)}</span>
            <span>{dates.dateTime(result.to)}</span>
          </p>
        </>
      )}
    </div>
  );
}

/** A group's windows placed on the time looked at: each as wide as its window, at least a sliver. */
function GroupRow({ group, result }: { group: AlertBacktestGroup; result: AlertBacktestResult }) {
  const { t } = useTranslation('alerts');
  const dates = useDateFormat();
  const from = Date.parse(result.from);
  const span = Math.max(1, Date.parse(result.to) - from);
  const name = group.group.label ?? group.group.id;
  const percent = (time: number) => `${Math.min(100, Math.max(0, ((time - from) / span) * 100))}%`;
  return (
    <li className="grid grid-cols-[10rem_1fr] items-center gap-2">
      <span className="truncate text-sm text-gray-700" title={name}>
        {name}
      </span>
      <ul aria-label={t('backtest.windowsOf', { name })} className="relative h-4 rounded-sm bg-gray-100">
        {group.windows.map((window) => {
          const label = t('backtest.window', {
            state: t(`history.states.${window.state}`),
            start: dates.dateTime(window.start),
            end: dates.dateTime(window.end),
            matching: window.matching,
            measurements: window.measurements,
          });
          return (
            <li
              key={window.start}
              aria-label={label}
              title={label}
              data-state={window.state}
              className="absolute inset-y-0 min-w-[2px]"
              style={{
                left: percent(Date.parse(window.start)),
                width: `calc(${percent(Date.parse(window.end))} - ${percent(Date.parse(window.start))})`,
                background: colourOf(window.state),
              }}
            />
          );
        })}
      </ul>
    </li>
  );
}
