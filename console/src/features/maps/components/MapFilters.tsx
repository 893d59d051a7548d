import { type Metric, metrics } from '@nq/contracts/analytics/query-ir';
import type { SelectionGroup } from '@nq/contracts/identity/selection-group';
import type { KpiId } from '@nq/contracts/measurements/kpis';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogueKpi } from '../../../shared/api/kpi-catalogue.ts';
import { SelectionGroupField } from '../../../shared/entity-screen/SelectionGroupField.tsx';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { DateRangeFields } from '../../../shared/ui/DateRangeFields.tsx';
import { SelectField, TextField } from '../../../shared/ui/fields.tsx';
import { idsOfText } from '../../measurement-analysis/api/search-params.ts';
import type { MapRequest } from '../api/maps.ts';
import { type PaletteId, paletteIds } from './value-classes.ts';

export interface MapSettings {
  request: MapRequest;
  palette: PaletteId;
  radius: number;
}

export interface MapFiltersProps {
  kpis: readonly CatalogueKpi[];
  busy: boolean;
  onShow: (settings: MapSettings) => void;
}

/**
 * Tile sizes offered besides the automatic one (cell-size.ts): web-mercator zoom levels of the aggregation grid
 * (larger: finer cells).
 */
const gridLevels = [6, 8, 10, 12, 14, 16] as const;
const hours = Array.from({ length: 24 }, (_, hour) => hour);
const clock = (hour: number, minutes: string) => `${String(hour).padStart(2, '0')}:${minutes}`;
/** Hours are inclusive: "from 10" starts at 10:00, "to 10" ends at 10:59. */
const hourOptions = (minutes: '00' | '59') =>
  hours.map((hour) => ({ value: String(hour), label: clock(hour, minutes) }));

/**
 * Maps configuration (docs/product/screens.md#maps): the value axis (KPI and metric), the selection (the universe,
 * campaign or cluster of the profile's group, probes, days and the local hours of each day), the colour palette and
 * the radius.
 */
export function MapFilters({ kpis, busy, onShow }: MapFiltersProps) {
  const { t } = useTranslation(['maps', 'analysis']);
  const [kpi, setKpi] = useState<string>('');
  const [metric, setMetric] = useState<Metric>('avg');
  const [selection, setSelection] = useState<{ id: string; filter: Partial<Record<SelectionGroup, string[]>> }>({
    id: '',
    filter: {},
  });
  const [probes, setProbes] = useState('');
  const [tsStart, setTsStart] = useState('');
  const [tsEnd, setTsEnd] = useState('');
  const [hourStart, setHourStart] = useState('');
  const [hourEnd, setHourEnd] = useState('');
  // Empty: the size that suits the samples' area and number.
  const [zoom, setZoom] = useState('');
  const [palette, setPalette] = useState<PaletteId | ''>('quality');
  const [radius, setRadius] = useState('40');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const chosenKpi = kpi || kpis[0]?.id || '';

  function submit(event: FormEvent) {
    event.preventDefault();
    const problems: Record<string, string> = {};
    // A colour palette must be selected (docs/product/screens.md#maps).
    if (!palette) problems.palette = errorMessage('maps.paletteRequired');
    if (!chosenKpi) problems.kpi = errorMessage('validation.required');
    if (tsStart && tsEnd && tsEnd < tsStart) problems.tsEnd = errorMessage('validation.endBeforeStart');
    setErrors(problems);
    if (Object.keys(problems).length > 0 || !palette) return;
    const probeIds = idsOfText(probes);
    onShow({
      request: {
        kpi: chosenKpi as KpiId,
        metric,
        ...(zoom ? { zoom: Number(zoom) } : {}),
        ...selection.filter,
        ...(probeIds.length ? { probes: probeIds } : {}),
        ...(tsStart ? { tsStart } : {}),
        ...(tsEnd ? { tsEnd } : {}),
        ...(hourStart ? { hourStart: Number(hourStart) } : {}),
        ...(hourEnd ? { hourEnd: Number(hourEnd) } : {}),
      },
      palette,
      radius: Number(radius) || 40,
    });
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid grid-cols-2 gap-3 md:grid-cols-4 lg:grid-cols-5"
      aria-label={t('maps:filters')}
    >
      <SelectField
        label={t('analysis:kpi')}
        value={chosenKpi}
        onChange={(event) => setKpi(event.target.value)}
        options={kpis.map((item) => ({ value: item.id, label: `${item.label} (${item.unit})` }))}
        error={errors.kpi}
      />
      <SelectField
        label={t('analysis:metric')}
        value={metric}
        onChange={(event) => setMetric(event.target.value as Metric)}
        options={metrics.map((value) => ({ value, label: t(`analysis:metrics.${value}`) }))}
      />
      <SelectionGroupField value={selection.id} onChange={(id, filter) => setSelection({ id, filter })} />
      <TextField
        label={t('maps:probes')}
        hint={t('maps:probesHint')}
        value={probes}
        onChange={(event) => setProbes(event.target.value)}
      />
      <DateRangeFields start={tsStart} end={tsEnd} onStart={setTsStart} onEnd={setTsEnd} endError={errors.tsEnd} />
      <SelectField
        label={t('maps:hourStart')}
        value={hourStart}
        onChange={(event) => setHourStart(event.target.value)}
        placeholder={t('maps:anyHour')}
        options={hourOptions('00')}
        hint={t('maps:hoursHint')}
      />
      <SelectField
        label={t('maps:hourEnd')}
        value={hourEnd}
        onChange={(event) => setHourEnd(event.target.value)}
        placeholder={t('maps:anyHour')}
        options={hourOptions('59')}
      />
      <SelectField
        label={t('maps:grid')}
        value={zoom}
        onChange={(event) => setZoom(event.target.value)}
        placeholder={t('maps:gridAutomatic')}
        options={gridLevels.map((level) => ({ value: String(level), label: t('maps:gridLevel', { level }) }))}
      />
      <SelectField
        label={t('maps:palette')}
        value={palette}
        onChange={(event) => setPalette(event.target.value as PaletteId | '')}
        placeholder={t('maps:choosePalette')}
        options={paletteIds.map((id) => ({ value: id, label: t(`maps:palettes.${id}`) }))}
        error={errors.palette}
      />
      <TextField
        label={t('maps:radius')}
        type="number"
        min={5}
        max={100}
        value={radius}
        onChange={(event) => setRadius(event.target.value)}
      />
      <div className="flex items-end">
        <Button type="submit" busy={busy}>
          {t('maps:show')}
        </Button>
      </div>
    </form>
  );
}
