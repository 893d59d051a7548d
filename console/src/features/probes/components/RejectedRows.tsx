import { useTranslation } from 'react-i18next';
import type { RejectedRow } from '../api/probes-api.ts';

/** The rows of a refused CSV file: the line of each, its probe id and every reason (column, value refused). */
export function RejectedRows({ rows }: { rows: readonly RejectedRow[] }) {
  const { t } = useTranslation('probes');
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
      <table className="min-w-full divide-y divide-gray-200 text-sm" data-testid="rejected-rows">
        <caption className="sr-only">{t('rejectedRows')}</caption>
        <thead className="bg-gray-50">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-semibold text-gray-600">
              {t('line')}
            </th>
            <th scope="col" className="px-3 py-2 text-left font-semibold text-gray-600">
              {t('fleet:fields.probeId')}
            </th>
            <th scope="col" className="px-3 py-2 text-left font-semibold text-gray-600">
              {t('reasons')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map((row) => (
            <tr key={row.row}>
              <td className="px-3 py-2 align-top font-mono">{row.row}</td>
              <td className="px-3 py-2 align-top font-mono">{row.probeId ?? ''}</td>
              <td className="px-3 py-2 align-top">
                <ul className="list-disc space-y-0.5 pl-4">
                  {row.problems.map((problem) => (
                    <li key={`${problem.column ?? ''}:${problem.code}`}>
                      {problem.column && <span className="font-mono text-gray-500">{problem.column}: </span>}
                      {/* The server's text is the catalogue message, filled in with the row's values. */}
                      {problem.message}
                      {problem.value !== undefined && <span className="text-gray-500"> («{problem.value}»)</span>}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
