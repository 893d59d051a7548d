import { kpiDefinitionOf, kpiIds } from '@nq/contracts/measurements/kpis';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { kpiResultText } from '../../../shared/i18n/value-texts.ts';
import type { Launch } from '../api/launcher-api.ts';

/**
 * The stored result's KPIs come in any order: the catalogue's, each KPI's percentiles after it (others last), reads
 * the same on every launch.
 */
const catalogueOrder = (id: string) => {
  const index = kpiIds.indexOf(id as (typeof kpiIds)[number]);
  if (index >= 0) return index;
  const base = kpiIds.findIndex((kpi) => kpiDefinitionOf(id) && id.startsWith(`${kpi}P`));
  return base < 0 ? kpiIds.length : base + 0.5;
};

/**
 * What a launch came to: the KPI values the probe measured; while in progress, until when the probe has to answer;
 * once timed out, that the probe did not answer in time.
 */
export function LaunchResult({ launch, when }: { launch: Launch; when: (instant: string) => string }) {
  const { t } = useTranslation('launcher');
  if (launch.result)
    return (
      <span data-testid="launch-result">
        {Object.entries(launch.result.kpis)
          .sort(([a], [b]) => catalogueOrder(a) - catalogueOrder(b))
          .map(([id, value]) => kpiResultText(id, value, currentLanguage()))
          .join(' · ')}
      </span>
    );
  if (launch.state === 'Pending')
    return <span className="text-gray-500">{t('answerBy', { time: when(launch.deadline) })}</span>;
  if (launch.state === 'TimedOut') return <span className="text-amber-800">{t('noAnswerInTime')}</span>;
  if (launch.state === 'Cancelled' && launch.cancelledBy) return <span className="text-gray-500">{t('replaced')}</span>;
  return null;
}
