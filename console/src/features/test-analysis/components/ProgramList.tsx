import type { TestAnalysisPrograms } from '@nq/contracts/measurements/test-analysis';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { useProgramName } from '../../../shared/i18n/useProgramName.ts';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { useDateFormat } from '../../../shared/ui/useDateFormat.ts';

type Program = TestAnalysisPrograms['list'][number];

/** The programs the probe measured in the window: how many results each and the latest; choosing one opens it. */
export function ProgramList({
  programs,
  chosen,
  onChoose,
}: {
  programs: readonly Program[];
  chosen?: string | undefined;
  onChoose: (program: string) => void;
}) {
  const { t } = useTranslation('testAnalysis');
  const dates = useDateFormat();
  const programName = useProgramName();
  const number = new Intl.NumberFormat(currentLanguage());
  return (
    <DataTable<Program>
      caption={t('programs')}
      rows={programs}
      rowKey={(row) => row.program}
      onRowClick={(row) => onChoose(row.program)}
      columns={[
        {
          key: 'program',
          header: t('program'),
          render: (row) => (
            <button
              type="button"
              aria-pressed={row.program === chosen}
              onClick={(event) => {
                event.stopPropagation();
                onChoose(row.program);
              }}
              className={`rounded px-1 text-left font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 ${
                row.program === chosen ? 'bg-blue-600 text-white' : 'text-blue-700 hover:underline'
              }`}
            >
              {programName(row.program)}
            </button>
          ),
        },
        {
          key: 'count',
          header: t('resultCount'),
          className: 'text-right tabular-nums',
          render: (row) => number.format(row.count),
        },
        { key: 'lastMeasuredAt', header: t('lastMeasured'), render: (row) => dates.dateTime(row.lastMeasuredAt) },
      ]}
    />
  );
}
