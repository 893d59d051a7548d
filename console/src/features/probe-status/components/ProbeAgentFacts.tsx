import type { ProbeAgentStatus } from '@nq/contracts/fleet/probe-status';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { useDateFormat } from '../../../shared/ui/useDateFormat.ts';
import { CLOCK_OFFSET_LIMIT_MS, clockIsOff, formatCount, formatOffset, timeAgo } from './agent-figures.ts';
import { Hinted } from './Hinted.tsx';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline gap-x-4 py-1" data-testid="agent-fact">
      <dt className="w-44 shrink-0 text-gray-600">{label}</dt>
      <dd className="text-gray-900">{children}</dd>
    </div>
  );
}

/**
 * What a probe's agent said of itself in its last report, and when the platform last heard from it. Dropped results
 * and a clock off by more than the limit stand out: the first are lost, the second skews every measurement's time.
 */
export function ProbeAgentFacts({ agent }: { agent: ProbeAgentStatus }) {
  const { t } = useTranslation('probeStatus');
  const dates = useDateFormat();
  const language = currentLanguage();
  const missing = <span className="text-gray-400">{t('notReported')}</span>;
  const { lastContactAt, bufferedResults, droppedResults, clockOffsetMs } = agent;
  return (
    <dl className="text-sm">
      <Fact label={t('softwareVersion')}>
        {agent.softwareVersion ? <span className="font-mono">{agent.softwareVersion}</span> : missing}
      </Fact>
      <Fact label={t('lastContact')}>
        {lastContactAt ? (
          <Hinted hint={t('lastContactHint')}>
            <time dateTime={lastContactAt}>{timeAgo(lastContactAt, Date.now(), language)}</time>
            <span className="text-gray-500"> · {dates.dateTime(lastContactAt)}</span>
          </Hinted>
        ) : (
          missing
        )}
      </Fact>
      <Fact label={t('bufferedResults')}>
        {bufferedResults === null ? (
          missing
        ) : (
          <Hinted hint={t('bufferedHint')}>{formatCount(bufferedResults, language)}</Hinted>
        )}
      </Fact>
      <Fact label={t('droppedResults')}>
        {droppedResults === null ? (
          missing
        ) : (
          <Hinted
            hint={t('droppedHint')}
            className={droppedResults > 0 ? 'bg-rose-100 font-semibold text-rose-800' : ''}
          >
            {droppedResults > 0 && '⚠ '}
            {formatCount(droppedResults, language)}
          </Hinted>
        )}
      </Fact>
      <Fact label={t('clockOffset')}>
        {clockOffsetMs === null ? (
          missing
        ) : (
          <>
            <Hinted
              hint={t('clockOffsetHint')}
              className={clockIsOff(clockOffsetMs) ? 'bg-amber-100 font-semibold text-amber-900' : ''}
            >
              {clockIsOff(clockOffsetMs) && '⚠ '}
              {formatOffset(clockOffsetMs, language)}
            </Hinted>
            {clockIsOff(clockOffsetMs) && (
              <p className="mt-1 text-xs text-amber-900">
                {t('clockOffsetWarning', { limit: CLOCK_OFFSET_LIMIT_MS / 1_000 })}
              </p>
            )}
          </>
        )}
      </Fact>
    </dl>
  );
}
