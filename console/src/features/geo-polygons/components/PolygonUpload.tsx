import type { MeasuredPolygon, PolygonGeometry } from '@nq/contracts/configuration/polygon-measures';
import { simplifyToFit, vertexCount } from '@nq/contracts/configuration/polygon-simplify';
import { useMachine } from '@xstate/react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { Modal } from '../../../shared/ui/Modal.tsx';
import { type ChosenFile, polygonUploadMachine } from '../machines/polygon-upload.machine.ts';
import { formatBytes, formatCount, formatDegrees } from '../model/format.ts';
import { readGeoJsonFile, type UploadProblem } from '../model/geojson-file.ts';
import { PolygonPreview, type PreviewShape } from './PolygonPreview.tsx';

export interface PolygonUploadProps {
  polygon: MeasuredPolygon | undefined;
  onChange: (polygon: MeasuredPolygon | undefined) => void;
  /** A problem the server found with the polygon (a catalogue message). */
  error?: string | undefined;
  /** Whether the polygon may be removed (a campaign's is optional, a geographic filter's is not). */
  clearable?: boolean;
  /** The shapes' label on the map (the entity's name). */
  label?: string;
}

const machineWithEffects = polygonUploadMachine.provide({
  actors: {
    readFile: fromPromise(async ({ input }: { input: ChosenFile }) => readGeoJsonFile(input.name, await input.text())),
    simplify: fromPromise(async ({ input }: { input: { polygon: PolygonGeometry; limit: number } }) => {
      // Let the dialog show it is busy before the (synchronous) simplification takes the main thread.
      await new Promise((resolve) => setTimeout(resolve, 30));
      return simplifyToFit(input.polygon, input.limit)?.polygon;
    }),
  },
});

/** A polygon of a file told apart by where its ring starts and how long it is (files hold no ids). */
const candidateKey = (polygon: PolygonGeometry) =>
  `${polygon.coordinates[0]?.[0]?.join(',')}:${polygon.coordinates[0]?.length}`;

/**
 * GeoJSON upload (docs/product/rules.md#geojson-upload) with its map preview: the file input, the catalogue message of
 * any rule the file breaks, the choice among several polygons, and the size-limit dialog that simplifies a polygon
 * that is too big.
 */
export function PolygonUpload({ polygon, onChange, error, clearable = false, label = '' }: PolygonUploadProps) {
  const { t, i18n } = useTranslation('geo');
  const inputId = useId();
  const notify = useRef(onChange);
  notify.current = onChange;
  const [snapshot, send] = useMachine(
    machineWithEffects.provide({ actions: { polygonChanged: ({ context }) => notify.current(context.polygon) } }),
    { input: { polygon } },
  );
  const { context } = snapshot;
  const language = i18n.language;
  const problemText = (problem: UploadProblem) =>
    errorMessage(problem.code, problem.params ? { limit: formatBytes(problem.params.limit, language) } : undefined);
  const message = context.problem ? problemText(context.problem) : error;
  const choosing = snapshot.matches('choosing');
  const oversized = context.oversized;

  const shapes: PreviewShape[] = choosing
    ? context.candidates.map((candidate, index) => ({
        key: candidateKey(candidate),
        label: String(index + 1),
        coordinates: candidate.coordinates,
        selected: context.selected.includes(index),
      }))
    : polygon
      ? [{ key: 'polygon', label, coordinates: polygon.coordinates }]
      : [];

  return (
    <div className="space-y-3">
      <div className="space-y-1">
        <label htmlFor={inputId} className="block text-sm font-medium text-gray-700">
          {t('upload.label')}
        </label>
        <input
          id={inputId}
          type="file"
          accept=".geojson,.json,application/geo+json,application/json"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${inputId}-error` : `${inputId}-hint`}
          className="block w-full text-sm text-gray-700 file:mr-3 file:rounded-md file:border-0 file:bg-blue-50 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-blue-700 hover:file:bg-blue-100"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) send({ type: 'FILE_CHOSEN', file });
            // The same file chosen again after a fix must still be read.
            event.target.value = '';
          }}
        />
        {message ? (
          <p id={`${inputId}-error`} role="alert" className="text-xs text-rose-600" data-testid="polygon-error">
            {message}
          </p>
        ) : (
          <p id={`${inputId}-hint`} className="text-xs text-gray-500">
            {t('upload.hint')}
          </p>
        )}
        {snapshot.matches('reading') && (
          <p className="text-xs text-gray-500" role="status">
            {t('upload.reading', { file: context.fileName })}
          </p>
        )}
      </div>

      {choosing && (
        <fieldset className="rounded-md border border-amber-300 bg-amber-50 p-3" data-testid="polygon-choice">
          <legend className="px-1 text-sm font-medium text-amber-900">
            {t('choose.title', { file: context.fileName, count: context.candidates.length })}
          </legend>
          <p className="mb-2 text-xs text-amber-900">{t('choose.help')}</p>
          <ul className="mb-3 space-y-1">
            {context.candidates.map((candidate, index) => (
              <li key={candidateKey(candidate)}>
                <label className="inline-flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="h-4 w-4"
                    checked={context.selected.includes(index)}
                    onChange={() => send({ type: 'TOGGLE', index })}
                  />
                  {t('choose.item', { number: index + 1, vertices: formatCount(vertexCount(candidate), language) })}
                </label>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => send({ type: 'KEEP' })}>{t('choose.keep')}</Button>
            <Button variant="secondary" onClick={() => send({ type: 'CUT' })}>
              {t('choose.cut')}
            </Button>
            <Button variant="ghost" onClick={() => send({ type: 'CANCEL' })}>
              {t('choose.cancel')}
            </Button>
          </div>
        </fieldset>
      )}

      {!choosing && (
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-gray-600">
          <span data-testid="polygon-summary">
            {polygon
              ? t('upload.summary', {
                  vertices: formatCount(vertexCount(polygon), language),
                  lon: formatDegrees(polygon.center[0], language),
                  lat: formatDegrees(polygon.center[1], language),
                  size: formatBytes(polygon.size, language),
                })
              : t('upload.none')}
          </span>
          {clearable && polygon && (
            <Button variant="ghost" onClick={() => send({ type: 'CLEAR' })}>
              {t('upload.clear')}
            </Button>
          )}
        </div>
      )}
      {context.simplified && !choosing && (
        <p className="text-xs text-emerald-700" role="status">
          {t('upload.simplified', {
            from: formatCount(context.simplified.from, language),
            to: formatCount(context.simplified.to, language),
          })}
        </p>
      )}

      <PolygonPreview shapes={shapes} />

      <Modal
        open={oversized !== undefined}
        title={t('sizeLimit.title')}
        onClose={() => !snapshot.matches('simplifying') && send({ type: 'CANCEL' })}
        footer={
          <>
            <Button
              variant="secondary"
              disabled={snapshot.matches('simplifying')}
              onClick={() => send({ type: 'CANCEL' })}
            >
              {t('common:cancel')}
            </Button>
            <Button busy={snapshot.matches('simplifying')} onClick={() => send({ type: 'SIMPLIFY' })}>
              {t('sizeLimit.simplify')}
            </Button>
          </>
        }
      >
        {oversized && (
          <div className="space-y-2 text-sm text-gray-700" data-testid="size-limit-dialog">
            <p>
              {t('sizeLimit.body', {
                vertices: formatCount(vertexCount(oversized), language),
                size: formatBytes(oversized.size, language),
                limit: formatBytes(context.limit, language),
              })}
            </p>
            <p>{t('sizeLimit.advice')}</p>
          </div>
        )}
      </Modal>
    </div>
  );
}
