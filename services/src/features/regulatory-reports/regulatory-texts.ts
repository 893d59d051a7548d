import { kpiById, type Language, type RegulatoryStatistic } from '@nq/contracts';

/** The regulatory report's own words (PDF and CSV), in the report's language. */
const texts = {
  en: {
    subtitle: 'Regulatory report: {groups} provider figures from {measurements} measurements of {probes} probes',
    figures: 'Figures',
    figuresOf: '{kpi}: {statistic}',
    provider: 'Provider',
    technology: 'Technology',
    value: 'Value',
    interval: '95 % interval',
    measurements: 'Measurements',
    probes: 'Probes',
    notPublished: 'not published',
    tooFewMeasurements: 'fewer than {min} measurements',
    tooFewProbes: 'fewer than {min} probes',
    comparisons: 'Differences between providers',
    pair: 'Providers',
    providersHeading: 'Providers',
    percentagePoints: 'pp',
    difference: 'Difference',
    differs: 'Differ at 95 %',
    yes: 'yes',
    no: 'no',
    noComparisons: 'No two providers have published figures of the same statistic to compare.',
    methodology: 'Methodology',
    population: 'Population',
    populationAll: 'every probe the profile sees',
    universes: 'universes {ids}',
    campaigns: 'campaigns {ids}',
    clusters: 'clusters {ids}',
    providers: 'providers {ids}',
    technologies: 'technologies {ids}',
    sources: 'sources {ids}',
    period: 'Period',
    periodText: '{from} to {to}, whole days in {timeZone}',
    peakHours: 'Hours',
    peakHoursText: 'local hours {from}:00 to {to}:59 of each probe',
    wholeDay: 'the whole day',
    rules: 'Publication rules',
    rulesText:
      'A figure is published when at least {measurements} measurements from at least {probes} probes stand behind it; otherwise it is withheld and says why.',
    statistics: 'Statistics',
    statisticsText:
      'Percentiles are Hyndman–Fan type 7 (linear interpolation). Medians, means, percentiles and consistent speed have a 95 % percentile interval from a cluster bootstrap over probes ({resamples} resamples, seed {seed}): probes are drawn with replacement with all their measurements, since one probe’s measurements are not independent. Shares have a Wilson score interval. Two providers differ at 95 % when the interval of their difference (bootstrap of the difference; Newcombe’s hybrid score interval for shares) excludes zero.',
    consistentText:
      'Consistent speed (80/80): each probe’s speed reached in 80 % of its tests (its 20th percentile); the figure is the speed 80 % of probes reach (the 20th percentile of those).',
    exclusions: 'Measurements left out',
    exclusionNone: 'No measurement of the period was left out.',
    notFinished: 'not finished (cancelled, pending, failed or invalid): {count}',
    otherProvider: 'of providers outside the report: {count}',
    noProvider: 'whose provider is not known: {count}',
    reproduce: 'Reproducing these figures',
    reproduceText:
      'Definition version {version} (log position {asOf}); data as received until {until}. Asking the report again with asOf={asOf} and receivedUntil={until} answers the same figures.',
    median: 'median',
    mean: 'mean',
    percentile: '{p}th percentile',
    shareAtLeast: 'share of tests ≥ {threshold} {unit}',
    shareAtMost: 'share of tests ≤ {threshold} {unit}',
    consistent: 'consistent speed (80/80)',
  },
  es: {
    subtitle: 'Informe regulatorio: {groups} cifras de proveedores de {measurements} mediciones de {probes} sondas',
    figures: 'Cifras',
    figuresOf: '{kpi}: {statistic}',
    provider: 'Proveedor',
    technology: 'Tecnología',
    value: 'Valor',
    interval: 'Intervalo 95 %',
    measurements: 'Mediciones',
    probes: 'Sondas',
    notPublished: 'no publicada',
    tooFewMeasurements: 'menos de {min} mediciones',
    tooFewProbes: 'menos de {min} sondas',
    comparisons: 'Diferencias entre proveedores',
    pair: 'Proveedores',
    providersHeading: 'Proveedores',
    percentagePoints: 'p. p.',
    difference: 'Diferencia',
    differs: 'Difieren al 95 %',
    yes: 'sí',
    no: 'no',
    noComparisons: 'Ningún par de proveedores tiene cifras publicadas de la misma estadística que comparar.',
    methodology: 'Metodología',
    population: 'Población',
    populationAll: 'todas las sondas que ve el perfil',
    universes: 'universos {ids}',
    campaigns: 'campañas {ids}',
    clusters: 'clústeres {ids}',
    providers: 'proveedores {ids}',
    technologies: 'tecnologías {ids}',
    sources: 'fuentes {ids}',
    period: 'Periodo',
    periodText: 'del {from} al {to}, días completos en {timeZone}',
    peakHours: 'Horas',
    peakHoursText: 'horas locales de {from}:00 a {to}:59 de cada sonda',
    wholeDay: 'todo el día',
    rules: 'Reglas de publicación',
    rulesText:
      'Una cifra se publica cuando la respaldan al menos {measurements} mediciones de al menos {probes} sondas; si no, se retiene e indica el motivo.',
    statistics: 'Estadísticas',
    statisticsText:
      'Los percentiles son del tipo 7 de Hyndman–Fan (interpolación lineal). Medianas, medias, percentiles y velocidad consistente tienen un intervalo del 95 % por percentiles de un bootstrap por conglomerados de sondas ({resamples} remuestreos, semilla {seed}): se extraen sondas con reemplazo con todas sus mediciones, porque las mediciones de una sonda no son independientes. Las proporciones tienen un intervalo de Wilson. Dos proveedores difieren al 95 % cuando el intervalo de su diferencia (bootstrap de la diferencia; intervalo híbrido de Newcombe para proporciones) no contiene el cero.',
    consistentText:
      'Velocidad consistente (80/80): la velocidad que cada sonda alcanza en el 80 % de sus pruebas (su percentil 20); la cifra es la velocidad que alcanza el 80 % de las sondas (el percentil 20 de esas).',
    exclusions: 'Mediciones excluidas',
    exclusionNone: 'No se dejó fuera ninguna medición del periodo.',
    notFinished: 'no terminadas (canceladas, pendientes, fallidas o no válidas): {count}',
    otherProvider: 'de proveedores fuera del informe: {count}',
    noProvider: 'de proveedor desconocido: {count}',
    reproduce: 'Cómo reproducir estas cifras',
    reproduceText:
      'Versión de la definición {version} (posición en el registro {asOf}); datos tal como se habían recibido hasta {until}. Pedir de nuevo el informe con asOf={asOf} y receivedUntil={until} da las mismas cifras.',
    median: 'mediana',
    mean: 'media',
    percentile: 'percentil {p}',
    shareAtLeast: 'proporción de pruebas ≥ {threshold} {unit}',
    shareAtMost: 'proporción de pruebas ≤ {threshold} {unit}',
    consistent: 'velocidad consistente (80/80)',
  },
} as const satisfies Record<Language, Record<string, string>>;

export type RegulatoryText = keyof (typeof texts)['en'];

export const regulatoryText = (language: Language, key: RegulatoryText, params: Record<string, string | number> = {}) =>
  texts[language][key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

export const kpiName = (kpi: string, language: Language) => kpiById.get(kpi)?.label[language] ?? kpi;
export const kpiUnit = (kpi: string) => kpiById.get(kpi)?.unit ?? '';

/** Whether a statistic's value is a share (in %) rather than a value in the KPI's unit. */
export const isShare = (statistic: RegulatoryStatistic) =>
  statistic.kind === 'shareAtLeast' || statistic.kind === 'shareAtMost';

/** A statistic in words: "median", "90th percentile", "share of tests ≥ 25 Mbps". */
export function statisticText(statistic: RegulatoryStatistic, kpi: string, language: Language): string {
  switch (statistic.kind) {
    case 'percentile':
      return regulatoryText(language, 'percentile', { p: statistic.p });
    case 'shareAtLeast':
    case 'shareAtMost':
      return regulatoryText(language, statistic.kind, { threshold: statistic.threshold, unit: kpiUnit(kpi) });
    default:
      return regulatoryText(language, statistic.kind);
  }
}
