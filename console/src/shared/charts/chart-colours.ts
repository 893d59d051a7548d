import { seriesColour } from '@nq/contracts/analytics/series-colours';
import { useCallback, useState } from 'react';
import type { ChartData, ChartEntity } from './chart-model.ts';

/** A user's colour choices for one chart: series name → colour. */
export type ColourChoices = Record<string, string>;

const storageKey = (title: string) => `nq.chartColours.${title}`;

function storedChoices(title: string): ColourChoices {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey(title)) ?? '{}') as unknown;
    return stored && typeof stored === 'object' ? (stored as ColourChoices) : {};
  } catch {
    return {};
  }
}

/** The colours chosen for the chart named `title`, kept per title in the browser (the same chart keeps them). */
export function useColourChoices(title: string) {
  const [state, setState] = useState(() => ({ title, choices: storedChoices(title) }));
  const choices = state.title === title ? state.choices : storedChoices(title);
  const save = useCallback(
    (next: ColourChoices) => {
      if (Object.keys(next).length === 0) localStorage.removeItem(storageKey(title));
      else localStorage.setItem(storageKey(title), JSON.stringify(next));
      setState({ title, choices: next });
    },
    [title],
  );
  const choose = useCallback(
    (series: string, colour: string) => save({ ...choices, [series]: colour }),
    [choices, save],
  );
  const reset = useCallback(() => save({}), [save]);
  return { choices, choose, reset };
}

/** One entry of the legend: a series, boxes or points set, with its colour and, for averages, the series it follows. */
export interface LegendEntry {
  id: string;
  name: string;
  colour: string;
  kind: 'value' | 'movingAverage' | 'globalAverage';
  /** False for averages: they take their series' colour. */
  ownColour: boolean;
}

/**
 * Every drawn thing's colour: the one the user chose for its name, else the one the graphic's display options give
 * its place (`colours`: the series colours in order), else its entity's (`seriesColour`: a provider's configured
 * colour, the same colour for the same campaign on every chart…); averages take their series'.
 */
export function legendEntries(data: ChartData, choices: ColourChoices, inOrder: readonly string[] = []): LegendEntry[] {
  let place = 0;
  const own = (item: { name: string; entity?: ChartEntity | undefined }) => {
    const configured = inOrder[place++];
    return choices[item.name] ?? configured ?? seriesColour(item.entity, item.name);
  };
  const series: LegendEntry[] = [];
  for (const item of data.series)
    series.push({
      id: item.id,
      name: item.name,
      kind: item.kind ?? 'value',
      ownColour: item.colourOf === undefined,
      colour: item.colourOf === undefined ? own(item) : '',
    });
  for (const [index, item] of data.series.entries()) {
    const followed = item.colourOf === undefined ? undefined : series[item.colourOf];
    if (followed) series[index]!.colour = followed.colour;
    else if (!series[index]!.colour) series[index]!.colour = own(item);
  }
  const others = [...(data.boxes ?? []), ...(data.points ?? [])].map(
    (item): LegendEntry => ({ id: item.id, name: item.name, kind: 'value', ownColour: true, colour: own(item) }),
  );
  return [...series, ...others];
}
