import type { NarrowedBy } from '@nq/contracts/analytics/narrowing';
import type { StoryboardErroredMeasurement } from '@nq/contracts/analytics/storyboard';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NarrowedByNote } from '../../../shared/charts/NarrowedByNote.tsx';
import { useProgramName } from '../../../shared/i18n/useProgramName.ts';
import { testTypeText } from '../../../shared/i18n/value-texts.ts';
import { formatDateTime } from '../../../shared/ui/format.ts';
import { formatNumber } from './number-format.ts';
import { measurementLink, useReaches } from './screen-links.ts';
import { TileEmpty } from './Tile.tsx';

/** The latest measurements that ended in error, each leading to its detail. */
export function ErrorsContent({
  tile,
  timeZone,
}: {
  tile: { list: StoryboardErroredMeasurement[]; count: number; narrowedBy?: NarrowedBy | undefined };
  timeZone: string;
}) {
  const { t } = useTranslation(['storyboard', 'fleet']);
  const reaches = useReaches()('measurementAnalysis');
  const programName = useProgramName();
  const narrowed = <NarrowedByNote narrowedBy={tile.narrowedBy} />;
  if (tile.list.length === 0)
    return (
      <>
        {narrowed}
        <TileEmpty>{t('errors.empty')}</TileEmpty>
      </>
    );
  return (
    <>
      {narrowed}
      <p className="text-xs text-tremor-content">
        {t('errors.count', { count: tile.count, total: formatNumber(tile.count) })}
      </p>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('errors.title')}</caption>
        <thead className="text-xs text-tremor-content">
          <tr>
            <th className="py-1 pr-2 font-medium">{t('errors.measuredAt')}</th>
            <th className="py-1 pr-2 font-medium">{t('errors.probe')}</th>
            <th className="py-1 pr-2 font-medium">{t('errors.program')}</th>
            <th className="py-1 pr-2 font-medium">{t('errors.testType')}</th>
            <th className="py-1 font-medium">{t('errors.isp')}</th>
          </tr>
        </thead>
        <tbody>
          {tile.list.map((row) => (
            <tr key={row.measurementId} className="border-t border-gray-100" data-testid="storyboard-error">
              <td className="py-1 pr-2 whitespace-nowrap">
                {reaches ? (
                  <Link to={measurementLink(row.measurementId)} className="text-blue-700 hover:underline">
                    {formatDateTime(row.measuredAt, timeZone)}
                  </Link>
                ) : (
                  formatDateTime(row.measuredAt, timeZone)
                )}
              </td>
              <td className="py-1 pr-2 font-mono text-xs">{row.probeId}</td>
              <td className="py-1 pr-2">{programName(row.program)}</td>
              <td className="py-1 pr-2">{testTypeText(t, row.testType)}</td>
              <td className="py-1">{row.isp ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
