import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/Button.tsx';
import { formatCalendarDay, formatDay } from '../../../shared/ui/format.ts';
import { useDateFormat } from '../../../shared/ui/useDateFormat.ts';
import type { Calculation } from '../api/regulatory-reports-api.ts';
import { numberText } from '../model/statistics.ts';

const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);
/** A day of the period: a calendar day as it is, an instant as the day it falls on in the report's zone. */
const dayText = (text: string, timeZone: string) => (isDay(text) ? formatCalendarDay(text) : formatDay(text, timeZone));
const hour = (value: number, minutes: string) => `${String(value).padStart(2, '0')}:${minutes}`;
/** A confidence as a percentage, whether answered as a fraction (0.95) or already in percent (95). */
const percentOf = (confidence: number) => (confidence <= 1 ? confidence * 100 : confidence);

/** How the figures were made: period, peak hours, minimum sample, bootstrap, confidence; and what they were read from. */
export function MethodLine({ calculation }: { calculation: Calculation }) {
  const { t } = useTranslation('regulatoryReports');
  const { window, peakHours, reproduce } = calculation;
  const items = [
    [
      t('method.period'),
      `${dayText(window.from, window.timeZone)} – ${dayText(window.to, window.timeZone)} (${window.timeZone})`,
    ],
    [
      t('method.peakHours'),
      peakHours ? `${hour(peakHours.from, '00')}–${hour(peakHours.to, '59')}` : t('method.wholeDay'),
    ],
    [
      t('method.minimumSample'),
      t('method.minimumSampleOf', {
        measurements: numberText(calculation.minimumMeasurements),
        probes: numberText(calculation.minimumProbes),
      }),
    ],
    [
      t('method.bootstrap'),
      t('method.bootstrapOf', { resamples: numberText(reproduce.resamples), seed: reproduce.seed }),
    ],
    [t('method.confidence'), `${numberText(percentOf(reproduce.confidence))} %`],
    [
      t('method.read'),
      t('method.readOf', {
        measurements: numberText(calculation.measurements),
        probes: numberText(calculation.probes),
      }),
    ],
  ];
  return (
    <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-gray-700" data-testid="method">
      {items.map(([term, value]) => (
        <div key={term} className="flex gap-1">
          <dt className="font-medium">{term}:</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * What reproduces the figures: the definition's version and log position and the data received until an instant.
 * Reproduce asks again with exactly those, kept in the address (a shared link answers the same figures); Latest asks
 * for the current definition and every measurement received so far.
 */
export function Reproduction({
  calculation,
  pinned,
  busy,
  onReproduce,
  onLatest,
}: {
  calculation: Calculation;
  pinned: boolean;
  busy: boolean;
  onReproduce: () => void;
  onLatest: () => void;
}) {
  const { t } = useTranslation('regulatoryReports');
  const dates = useDateFormat();
  const { reproduce } = calculation;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3" data-testid="reproduction">
      <div className="flex flex-col gap-1">
        <h3 className="text-sm font-semibold text-gray-800">{t('reproducibleAs')}</h3>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-gray-700">
          <div className="flex gap-1">
            <dt className="font-medium">{t('version')}:</dt>
            <dd data-testid="version">{reproduce.version}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="font-medium">{t('logPosition')}:</dt>
            <dd data-testid="log-position" className="font-mono text-xs leading-5">
              {reproduce.asOf}
            </dd>
          </div>
          <div className="flex gap-1">
            <dt className="font-medium">{t('receivedUntil')}:</dt>
            <dd data-testid="received-until" title={reproduce.receivedUntil}>
              {dates.dateTime(reproduce.receivedUntil)}{' '}
              <span className="font-mono text-xs text-gray-500">{reproduce.receivedUntil}</span>
            </dd>
          </div>
          <div className="flex gap-1">
            <dt className="font-medium">{t('calculatedAt')}:</dt>
            <dd>{dates.dateTime(calculation.calculatedAt)}</dd>
          </div>
        </dl>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {pinned && <span className="text-xs text-gray-500">{t('pinned')}</span>}
        <Button variant="secondary" busy={busy} onClick={onReproduce}>
          {t('reproduce')}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onLatest}>
          {t('latest')}
        </Button>
      </div>
    </div>
  );
}
