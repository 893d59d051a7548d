import type { Granularity } from '@nq/contracts/analytics/query-ir';
import type { BucketKey } from '@nq/contracts/analytics/query-result';
import type { TFunction } from 'i18next';
import { technologyText, testTypeText } from '../i18n/value-texts.ts';
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
 * technologies, test types, probe types) and buckets as the screens write them, averages named after their series.
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
              : dimension === 'probeType'
                ? t(`measurementAnalysis:detail.probeTypes.${value}`, { defaultValue: String(value) })
                : String(value),
    bucket,
    movingAverage: (series) => t('charts:movingAverageOf', { series, window: movingAverageWindow }),
    globalAverage: (series) => t('charts:globalAverageOf', { series }),
  };
}
