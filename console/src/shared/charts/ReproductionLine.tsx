import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../ui/useDateFormat.ts';
import type { ChartReproduction } from './chart-model.ts';
import type { GraphicPin } from './graphic-query.ts';

const actionClass =
  'rounded px-1 font-medium text-blue-700 underline hover:bg-blue-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500';

/**
 * A chart's footer line naming what reproduces its numbers (the data as received until an instant, in the user's
 * date format and time zone, and the configuration's log position) with Reproduce, which pins them, or, pinned,
 * Latest, which asks for the latest numbers again. Pinned without an answer to name (the graphic failed), Latest alone.
 * Any answer naming a pin (a chart's `reproduce`, the storyboard's) shows it; `reproduceHint` says what Reproduce pins
 * when it is not a chart. An answer a cube served says that its reproduction is read from the raw measurements.
 */
export function ReproductionLine({
  reproduce,
  pinned,
  onPin,
  reproduceHint,
}: Omit<ChartReproduction, 'reproduce'> & {
  reproduce?: (GraphicPin & { servedBy?: string | undefined }) | undefined;
  reproduceHint?: string;
}) {
  const { t } = useTranslation('charts');
  const dates = useDateFormat();
  if (!reproduce && !pinned) return null;
  return (
    <p className="m-0 flex flex-wrap items-center gap-x-2 text-xs text-gray-500" data-testid="chart-reproduction">
      {reproduce && (
        <span title={reproduce.receivedUntil}>
          {t('reproducibleAs', { receivedUntil: dates.dateTime(reproduce.receivedUntil), asOf: reproduce.asOf })}
        </span>
      )}
      {pinned ? (
        <>
          <span className="rounded bg-gray-100 px-1.5 text-gray-700">{t('pinned')}</span>
          <button type="button" className={actionClass} title={t('latestHint')} onClick={() => onPin(undefined)}>
            {t('latest')}
          </button>
        </>
      ) : (
        reproduce && (
          <button
            type="button"
            className={actionClass}
            title={reproduceHint ?? t('reproduceHint')}
            onClick={() => onPin({ asOf: reproduce.asOf, receivedUntil: reproduce.receivedUntil })}
          >
            {t('reproduce')}
          </button>
        )
      )}
      {/* A cube's rows keep no arrival time: Reproduce reads raw measurements, which may count a few it lacked. */}
      {reproduce?.servedBy && !pinned && (
        <span className="basis-full" data-testid="chart-reproduction-cube">
          {t('servedByCube', { cube: reproduce.servedBy })}
        </span>
      )}
    </p>
  );
}
