import { technologyCodes } from '@nq/contracts/configuration/common';
import { probeTypes } from '@nq/contracts/fleet/probe';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchBox, SelectField, TextField } from '../../../shared/ui/fields.tsx';
import { neverReportedState, type ProbeStatusQuery, probeStates } from '../api/probe-status-api.ts';
import type { StatusFilterName } from '../api/status-query.ts';

/** How long typing rests before the server is asked again. */
const TYPING_PAUSE_MS = 300;

/** A text typed into a filter, sent once the typing pauses (the page asks the server at each change). */
function usePausedText(value: string, onChange: (text: string) => void) {
  const [text, setText] = useState(value);
  const changed = useRef(onChange);
  changed.current = onChange;
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => changed.current(text), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return [text, setText] as const;
}

/** The probe status screen's filters: every one is applied by the server to the whole fleet the profile sees. */
export function ProbeStatusFilters({
  query,
  onChange,
}: {
  query: ProbeStatusQuery;
  onChange: (name: StatusFilterName, value: string) => void;
}) {
  const { t } = useTranslation('probeStatus');
  const [search, setSearch] = usePausedText(query.q ?? '', (text) => onChange('q', text.trim()));
  const [operator, setOperator] = usePausedText(query.operator ?? '', (text) => onChange('operator', text.trim()));
  const select = (name: StatusFilterName, label: string, options: { value: string; label: string }[]) => (
    <div className="w-44">
      <SelectField
        label={label}
        placeholder={t('allStates')}
        options={options}
        value={query[name] ?? ''}
        onChange={(event) => onChange(name, event.target.value)}
      />
    </div>
  );
  return (
    <div className="flex flex-wrap items-end gap-3">
      <SearchBox label={t('findProbe')} value={search} onChange={setSearch} />
      {select('state', t('state'), [
        ...probeStates.map((value) => ({ value, label: t(`fleet:options.${value}`) })),
        { value: neverReportedState, label: t('neverReported') },
      ])}
      {select(
        'status',
        t('configuredStatus'),
        probeStates.map((value) => ({ value, label: t(`fleet:options.${value}`) })),
      )}
      {select(
        'type',
        t('fleet:fields.type'),
        probeTypes.map((value) => ({ value, label: t(`fleet:options.${value}`) })),
      )}
      {select(
        'technology',
        t('technology'),
        technologyCodes.map((code) => ({ value: String(code), label: t(`fleet:technologies.${code}`) })),
      )}
      <div className="w-40">
        <TextField
          label={t('fleet:fields.operator')}
          value={operator}
          onChange={(event) => setOperator(event.target.value)}
        />
      </div>
      {select('located', t('position'), [
        { value: 'true', label: t('withCoordinates') },
        { value: 'false', label: t('withoutCoordinates') },
      ])}
    </div>
  );
}
