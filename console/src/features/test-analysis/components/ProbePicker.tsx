import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../shared/ui/fields.tsx';
import { ErrorNotice, Notices } from '../../../shared/ui/notices.tsx';
import { Spinner } from '../../../shared/ui/screens.tsx';
import { useProbeSearch } from '../api/test-analysis.ts';

/** More than this many probe results lowers performance (a warning; docs/product/rules.md and limits.md). */
export const PROBE_RESULTS_WARNING_THRESHOLD = 200;
/** How many matching probes the picker lists at once; typing narrows them. */
const shown = 50;

/** Finds a probe the profile sees by its id or name; the chosen one is pressed. */
export function ProbePicker({
  chosen,
  onChoose,
}: {
  chosen?: string | undefined;
  onChoose: (probeId: string) => void;
}) {
  const { t } = useTranslation('testAnalysis');
  const [text, setText] = useState('');
  const search = useProbeSearch(useDeferredValue(text.trim()), shown);
  const count = search.data?.count ?? 0;
  return (
    <div className="flex flex-col gap-3">
      <TextField
        label={t('probeSearch')}
        type="search"
        value={text}
        placeholder={t('probeSearchHint')}
        onChange={(event) => setText(event.target.value)}
      />
      {count > PROBE_RESULTS_WARNING_THRESHOLD && <Notices notices={[{ code: 'probeMaps.tooManyResults' }]} />}
      {search.isError && <ErrorNotice code="testAnalysis.probesFetchFailed" />}
      {search.isPending && <Spinner label={t('common:loading')} />}
      {search.data && (
        <>
          <p className="text-xs text-gray-500">{t('probesFound', { count, shown: search.data.list.length })}</p>
          {search.data.list.length === 0 ? (
            <p className="text-sm text-gray-500">{t('noProbes')}</p>
          ) : (
            <ul aria-label={t('probes')} className="flex max-h-64 flex-col gap-1 overflow-y-auto">
              {search.data.list.map((probe) => (
                <li key={probe.id}>
                  <button
                    type="button"
                    aria-pressed={probe.probeId === chosen}
                    onClick={() => onChoose(probe.probeId)}
                    className={`w-full rounded-md px-2 py-1 text-left text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 ${
                      probe.probeId === chosen ? 'bg-blue-600 text-white' : 'hover:bg-blue-50'
                    }`}
                  >
                    <span className="font-mono">{probe.probeId}</span>
                    {probe.name && <span className="ml-2 opacity-80"> {probe.name}</span>}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
