import type { Granularity } from '@nq/contracts/analytics/query-ir';
import type { BucketKey } from '@nq/contracts/analytics/query-result';
import type { TFunction } from 'i18next';
import { programText, sourceText, technologyText, testTypeText } from '../i18n/value-texts.ts';
import type { GraphicLabels } from './graphic-data.ts';

/** How a bucket's start reads at each granularity (instants in the profile's time zone). */
export function bucketFormatter(
  granularity: Granularity,
  language: string,
  timeZone: string,
  names: { weekday: (day: number) => string; all: string },
) {
  const options: Record<Granularity, Intl.DateTimeFormatOptions> = {
    minutes: { dateStyle: 'short', timeStyle: 'short' },
    hours: { dateStyle: 'short', timeStyle: 'short' },
    day: { dateStyle: 'medium' },
    week: { dateStyle: 'medium' },
    weekday: {},
    month: { month: 'short', year: 'numeric' },
    quarter: { month: 'short', year: 'numeric' },
    year: { year: 'numeric' },
    no_granularity: {},
  };
  const format = new Intl.DateTimeFormat(language, { ...options[granularity], timeZone });
  return (key: BucketKey) => {
    if (key === 'all') return names.all;
    if (typeof key === 'number') return names.weekday(key);
    if (granularity === 'quarter') {
      const date = new Date(key);
      const parts = new Intl.DateTimeFormat('en', { month: 'numeric', year: 'numeric', timeZone }).formatToParts(date);
      const month = Number(parts.find((part) => part.type === 'month')?.value ?? 1);
      const year = parts.find((part) => part.type === 'year')?.value ?? '';
      return `Q${Math.ceil(month / 3)} ${year}`;
    }
    return format.format(new Date(key));
  };
}

/**
 * The usual labels of a graphic answer in the interface language: breakdown values (fringes, result sections,
 * technologies, test types, probe types, sources) and buckets as the screens write them, averages named after their series.
 */
export function graphicLabels(
  t: TFunction,
  {
    single,
    granularity,
    language,
    timeZone,
    movingAverageWindow,
  }: { single: string; granularity: Granularity; language: string; timeZone: string; movingAverageWindow?: number },
): GraphicLabels {
  const bucket = bucketFormatter(granularity, language, timeZone, {
    weekday: (day) => t(`analysis:weekdays.${day}`),
    all: t('analysis:all'),
  });
  return {
    single,
    granularity,
    timeZone,
    axisTitle: t(`analysis:granularities.${granularity}`),
    value: (dimension, value) =>
      dimension === 'fringe'
        ? t(`analysis:fringes.${value}`)
        : dimension === 'status'
          ? t(`analysis:sections.${value}`, { defaultValue: String(value) })
          : dimension === 'technology'
            ? technologyText(t, String(value))
            : dimension === 'testType'
              ? testTypeText(t, String(value))
              : dimension === 'program'
                ? programText(t, String(value))
                : dimension === 'probeType'
                  ? t(`measurementAnalysis:detail.probeTypes.${value}`, { defaultValue: String(value) })
                  : dimension === 'source'
                    ? sourceText(t, String(value))
                    : String(value),
    bucket,
    movingAverage: (series) => t('charts:movingAverageOf', { series, window: movingAverageWindow }),
    globalAverage: (series) => t('charts:globalAverageOf', { series }),
  };
}

/** A plotted field as an axis names it: its label and, when it has one, its unit ("Download speed (Mbps)"). */
export const fieldAxisName = (field: { label: string; unit?: string | undefined }) =>
  field.unit ? `${field.label} (${field.unit})` : field.label;

/**
 * The axes of a scatterplot or bubbles graphic named after the fields they plot (`axes.x` and `axes.y`), by the KPI
 * catalogue's labels and units: the graphic answer carries only the points. Undefined for the other graphics.
 */
export function pointAxisNames(
  request: { graphicType?: string | undefined; axes?: { x?: string | undefined; y?: string | undefined } | undefined },
  catalogue: readonly { id: string; label: string; unit?: string | undefined }[],
): { x: string; y: string } | undefined {
  if (request.graphicType !== 'scatterplot' && request.graphicType !== 'bubbles') return undefined;
  const name = (id: string | undefined) => {
    const field = catalogue.find((item) => item.id === id);
    return field ? fieldAxisName(field) : (id ?? '');
  };
  return { x: name(request.axes?.x), y: name(request.axes?.y) };
}
