import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LegendEntry } from './chart-colours.ts';
import { defaultChartColours } from './chart-model.ts';

const dashesOf = (kind: LegendEntry['kind']) =>
  kind === 'movingAverage' ? '6 3' : kind === 'globalAverage' ? '2 3' : undefined;

function Swatch({ entry }: { entry: LegendEntry }) {
  return (
    <svg aria-hidden="true" width="18" height="8" className="shrink-0">
      <line
        x1="0"
        y1="4"
        x2="18"
        y2="4"
        stroke={entry.colour}
        strokeWidth={entry.kind === 'value' ? 3 : 2}
        strokeDasharray={dashesOf(entry.kind)}
      />
    </svg>
  );
}

/** The colours a series may take: the eight defaults, any other through the colour input, or back to the defaults. */
function ColourPopover({
  entry,
  onChoose,
  onReset,
  onClose,
}: {
  entry: LegendEntry;
  onChoose: (colour: string) => void;
  onReset: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('charts');
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  return (
    <div
      role="dialog"
      aria-label={t('colourOf', { series: entry.name })}
      className="absolute left-0 top-full z-20 mt-1 flex w-56 flex-col gap-2 rounded-md border border-gray-200 bg-white p-2 shadow-lg"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="flex flex-wrap gap-1">
        {defaultChartColours.map((colour, index) => (
          <button
            key={colour}
            ref={index === 0 ? first : undefined}
            type="button"
            aria-label={t('defaultColour', { number: index + 1 })}
            aria-pressed={entry.colour === colour}
            className="h-6 w-6 rounded border border-gray-300 focus:outline-none focus:ring-2 focus:ring-blue-500 aria-pressed:ring-2 aria-pressed:ring-gray-700"
            style={{ backgroundColor: colour }}
            onClick={() => onChoose(colour)}
          />
        ))}
      </div>
      <label className="flex items-center gap-2 text-xs text-gray-700">
        {t('otherColour')}
        <input
          type="color"
          value={entry.colour}
          className="h-6 w-10 cursor-pointer"
          onChange={(event) => onChoose(event.target.value)}
        />
      </label>
      <div className="flex justify-between gap-2 text-xs">
        <button type="button" className="text-blue-700 underline" onClick={onReset}>
          {t('resetColours')}
        </button>
        <button type="button" className="text-gray-700 underline" onClick={onClose}>
          {t('close')}
        </button>
      </div>
    </div>
  );
}

/**
 * The legend below the chart: each entry a button showing or hiding its series, and (for series with a colour of
 * their own) a swatch button opening the colour choice. Names wrap; past a few lines (in a tile, past a third of its
 * height) the box scrolls.
 */
export function ChartLegend({
  entries,
  hidden,
  onToggle,
  onChoose,
  onReset,
  fitted = false,
}: {
  fitted?: boolean;
  entries: readonly LegendEntry[];
  hidden: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onChoose: (entry: LegendEntry, colour: string) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation('charts');
  const [open, setOpen] = useState<string>();
  const openers = useRef(new Map<string, HTMLButtonElement>());
  const close = () => {
    const opener = open === undefined ? undefined : openers.current.get(open);
    setOpen(undefined);
    opener?.focus();
  };
  return (
    <ul
      aria-label={t('series')}
      className={`flex flex-wrap gap-x-4 gap-y-1 overflow-y-auto pl-2 text-xs text-gray-700 ${fitted ? 'max-h-[33%] shrink-0' : 'max-h-28'}`}
    >
      {entries.map((entry) => (
        <li key={entry.id} className="relative inline-flex min-w-0 items-center gap-1">
          {entry.ownColour && (
            <button
              ref={(button) => {
                if (button) openers.current.set(entry.id, button);
              }}
              type="button"
              aria-label={t('changeColour', { series: entry.name })}
              aria-expanded={open === entry.id}
              className="h-3 w-3 shrink-0 rounded-sm border border-gray-300 focus:outline-none focus:ring-2 focus:ring-blue-500"
              style={{ backgroundColor: entry.colour }}
              onClick={() => setOpen(open === entry.id ? undefined : entry.id)}
            />
          )}
          <button
            type="button"
            aria-pressed={!hidden.has(entry.id)}
            title={t('toggleSeries', { series: entry.name })}
            className={`inline-flex min-w-0 items-center gap-1.5 rounded px-0.5 focus:outline-none focus:ring-2 focus:ring-blue-500 ${hidden.has(entry.id) ? 'opacity-40 line-through' : ''}`}
            onClick={() => onToggle(entry.id)}
          >
            <Swatch entry={entry} />
            <span className="break-words text-left">{entry.name}</span>
          </button>
          {open === entry.id && (
            <ColourPopover
              entry={entry}
              onChoose={(colour) => onChoose(entry, colour)}
              onReset={onReset}
              onClose={close}
            />
          )}
        </li>
      ))}
    </ul>
  );
}
