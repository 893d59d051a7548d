import type { Language } from '@nq/contracts/errors/index';
import { kpiDefinitionOf } from '@nq/contracts/measurements/kpis';
import { measurementSources } from '@nq/contracts/measurements/measurement';
import type { TFunction } from 'i18next';

// Values that travel as codes (technologies, test types, KPI ids, sources) as the interface language names them.

/** A technology code (`0` none, `4` 4G, `99` WiFi 2.4 GHz…; docs/product/entities.md#value-lists). */
export const technologyText = (t: TFunction, code: number | string) =>
  t(`fleet:technologies.${code}`, { defaultValue: String(code) });

/** A test type (`http-download` → HTTP download). */
export const testTypeText = (t: TFunction, type: string) => t(`fleet:taskTypes.${type}`, { defaultValue: type });

/** Who took a measurement: the panel, or the public data it was imported from (`ripe-atlas` → RIPE Atlas). */
export const sourceText = (t: TFunction, source: string) => t(`analysis:sources.${source}`, { defaultValue: source });

/** Every source as a picker offers it. */
export const sourceOptions = (t: TFunction) =>
  measurementSources.map((value) => ({ value, label: sourceText(t, value) }));

/**
 * A program by its id (`speedtest` → Speed test): the interface's label when it has one (every demo program), else the
 * name the profile gives it, else the id. Profiles name programs in one language only, and a program measured without
 * targets in the profile (the demo's DNS one) has no name there at all.
 */
export const programText = (t: TFunction, id: string, profileName?: string) =>
  t(`fleet:programs.${id}`, { defaultValue: profileName || id });

/** A KPI of the catalogue, or a percentile of one, by its id (`download` → Download speed, `latencyP90` → Latency (p90)). */
export const kpiText = (id: string, language: Language) => kpiDefinitionOf(id)?.label[language] ?? id;

/** A KPI's value in the language's numbers with the catalogue's unit (`50.25 Mbps`; the bare number off the catalogue). */
export const kpiValueText = (id: string, value: number, language: Language) => {
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value);
  const unit = kpiDefinitionOf(id)?.unit;
  return unit ? `${number} ${unit}` : number;
};

/** A KPI result as a list names it: its label and its value with the unit (`Download speed 50.25 Mbps`). */
export const kpiResultText = (id: string, value: number, language: Language) =>
  `${kpiText(id, language)} ${kpiValueText(id, value, language)}`;
