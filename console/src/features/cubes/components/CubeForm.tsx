import {
  type CubeDimension,
  type CubeFields,
  type CubeGrain,
  cubeDimensions,
  cubeGrains,
  cubeUtcZone,
} from '@nq/contracts/configuration/cube';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error.ts';
import { useEntityWrite } from '../../../shared/api/entities.ts';
import { kpiLabel, kpiOptions } from '../../../shared/entity-screen/kpi-options.ts';
import { errorMessage } from '../../../shared/i18n/i18n.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { SelectField, TextAreaField, TextField } from '../../../shared/ui/fields.tsx';
import { DialogActions, Modal } from '../../../shared/ui/Modal.tsx';
import { FormAlert } from '../../../shared/ui/screens.tsx';
import { toast } from '../../../shared/ui/toasts.ts';
import { type Cube, cubesPath } from '../api/cubes-api.ts';

/** A create may start filled in (a cube suggested for a slow query: the address `cubeFormPath` writes). */
export type CubeEditing = { mode: 'create'; prefill?: CubeFields } | { mode: 'edit' | 'clone'; cube: Cube };

interface Draft {
  name: string;
  description: string;
  grain: CubeGrain;
  timeZone: string;
  dimensions: CubeDimension[];
  kpis: string[];
}

/** The body fields the form shows: a problem the server names for one of them shows under it. */
const formFields = ['name', 'description', 'grain', 'timeZone', 'dimensions', 'kpis'] as const;
type FormField = (typeof formFields)[number];
/** Codes that say which field they are about without naming it (a uniqueness scope, a rule across fields). */
const codeFields: Record<string, FormField> = {
  'cubes.nameExists': 'name',
  'cubes.nameFormat': 'name',
  'cubes.hourGrainIsUtc': 'timeZone',
};
const rootOf = (path: string) => path.split('.')[0] ?? path;
const isFormField = (field: string): field is FormField => (formFields as readonly string[]).includes(field);

const draftOf = (editing: CubeEditing): Draft =>
  editing.mode === 'create'
    ? {
        name: editing.prefill?.name ?? '',
        description: editing.prefill?.description ?? '',
        grain: editing.prefill?.grain ?? 'hour',
        timeZone: editing.prefill?.timeZone ?? cubeUtcZone,
        dimensions: [...(editing.prefill?.dimensions ?? [])],
        kpis: [...(editing.prefill?.kpis ?? [])],
      }
    : {
        name: editing.mode === 'clone' ? '' : editing.cube.name,
        description: editing.cube.description ?? '',
        grain: editing.cube.grain,
        timeZone: editing.cube.timeZone,
        dimensions: [...editing.cube.dimensions],
        kpis: [...editing.cube.kpis],
      };

/** Its definition as a create or clone sends it: hours are UTC, so only a day grain sends its zone. */
const definitionOf = (draft: Draft) => ({
  grain: draft.grain,
  timeZone: draft.grain === 'day' ? draft.timeZone : cubeUtcZone,
  dimensions: cubeDimensions.filter((dimension) => draft.dimensions.includes(dimension)),
  kpis: draft.kpis,
});

// Intl lists canonical zones only; UTC (the default) may not be among them.
const timeZones = [...new Set([cubeUtcZone, ...Intl.supportedValuesOf('timeZone')])];

/**
 * Create, edit or clone a cube. Its grain, zone, dimensions and KPIs are what its rows were built with: an edit shows
 * them read-only (only the name and description change); a clone starts from them and may change any.
 */
export function CubeForm({ editing, onClose }: { editing: CubeEditing; onClose: () => void }) {
  const { t } = useTranslation('cubes');
  const write = useEntityWrite<Cube>(cubesPath);
  const [draft, setDraft] = useState<Draft>(() => draftOf(editing));
  const [problems, setProblems] = useState<Partial<Record<FormField, string>>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const fixed = editing.mode === 'edit';
  const kpiChoices = useMemo(() => kpiOptions(), []);
  const zoneChoices = useMemo(
    () =>
      (timeZones.includes(draft.timeZone) ? timeZones : [draft.timeZone, ...timeZones]).map((zone) => ({
        value: zone,
        label: zone,
      })),
    [draft.timeZone],
  );
  const change = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));
  const shows = (field: FormField) => field !== 'timeZone' || draft.grain === 'day';

  /** A refusal under the fields it names; what no shown field can hold, above the form. */
  function showRefusal(error: unknown) {
    if (!isApiError(error) || error.code === 'generic.error' || error.code === 'internal.error') {
      setFormError(errorMessage('generic.error'));
      return;
    }
    const named = (error.details as { field?: unknown } | undefined)?.field;
    const ruleField = typeof named === 'string' ? named : undefined;
    const placed: Partial<Record<FormField, string>> = {};
    let unplaced = false;
    for (const [path, message] of Object.entries(error.fieldProblems)) {
      if (path === ruleField) continue;
      const field = rootOf(path);
      if (isFormField(field) && shows(field)) placed[field] ??= message;
      else unplaced = true;
    }
    const codeField = codeFields[error.code] ?? (ruleField ? rootOf(ruleField) : undefined);
    if (codeField && isFormField(codeField) && shows(codeField)) placed[codeField] ??= error.localized;
    else if (ruleField) unplaced = true;
    setProblems(placed);
    setFormError(unplaced || Object.keys(placed).length === 0 ? error.localized : undefined);
  }

  async function save() {
    setProblems({});
    setFormError(undefined);
    const description = draft.description.trim();
    try {
      const result =
        editing.mode === 'create'
          ? await write.mutateAsync({
              kind: 'create',
              fields: { name: draft.name.trim(), ...(description ? { description } : {}), ...definitionOf(draft) },
            })
          : editing.mode === 'clone'
            ? await write.mutateAsync({
                kind: 'clone',
                id: editing.cube.id,
                fields: { name: draft.name.trim(), description, ...definitionOf(draft) },
              })
            : await write.mutateAsync({
                kind: 'update',
                id: editing.cube.id,
                changes: {
                  ...(draft.name.trim() === editing.cube.name ? {} : { name: draft.name.trim() }),
                  ...(description === (editing.cube.description ?? '') ? {} : { description: description || null }),
                  ...(editing.cube.version === undefined ? {} : { expectedVersion: editing.cube.version }),
                },
              });
      for (const warning of result.warnings) toast.warning(warning.code, warning.params);
      toast.success(t('common:saved'));
      onClose();
    } catch (error) {
      showRefusal(error);
    }
  }

  const title =
    editing.mode === 'create'
      ? t('createTitle')
      : `${t(editing.mode === 'edit' ? 'common:edit' : 'common:clone')}: ${editing.cube.name}`;
  return (
    <Modal
      open
      wide
      title={title}
      onClose={onClose}
      footer={
        <DialogActions onCancel={onClose}>
          <Button busy={write.isPending} onClick={() => void save()} data-testid="save-cube">
            {t('common:save')}
          </Button>
        </DialogActions>
      }
    >
      {formError && <FormAlert className="mb-3">{formError}</FormAlert>}
      <form
        noValidate
        className="grid grid-cols-1 gap-4 sm:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <TextField
          label={`${t('name')} *`}
          value={draft.name}
          hint={t('nameHint')}
          error={problems.name}
          onChange={(event) => change({ name: event.target.value })}
        />
        <TextAreaField
          label={t('description')}
          rows={2}
          value={draft.description}
          error={problems.description}
          onChange={(event) => change({ description: event.target.value })}
        />
        <div className="border-b pb-1 pt-2 sm:col-span-2">
          <h3 className="text-sm font-semibold text-gray-800">{t('definition')}</h3>
          {fixed && <p className="text-xs text-gray-600">{t('fixedHint')}</p>}
        </div>
        <SelectField
          label={t('grain')}
          value={draft.grain}
          disabled={fixed}
          hint={t(`grainHints.${draft.grain}`)}
          error={problems.grain}
          options={cubeGrains.map((grain) => ({ value: grain, label: t(`grains.${grain}`) }))}
          onChange={(event) => change({ grain: event.target.value as CubeGrain })}
        />
        {draft.grain === 'day' ? (
          <SelectField
            label={t('timeZone')}
            value={draft.timeZone}
            disabled={fixed}
            hint={t('timeZoneHint')}
            error={problems.timeZone}
            options={zoneChoices}
            onChange={(event) => change({ timeZone: event.target.value })}
          />
        ) : (
          <p className="self-end pb-1.5 text-sm text-gray-600">{t('hourIsUtc')}</p>
        )}
        <fieldset className="space-y-1 sm:col-span-2">
          <legend className="text-sm font-medium text-gray-700">{t('dimensions')}</legend>
          <p className="text-xs text-gray-500">{t('dimensionsHint')}</p>
          <div className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
            {cubeDimensions.map((dimension) => (
              <label key={dimension} className="inline-flex items-center gap-1.5 text-sm text-gray-700">
                <input
                  type="checkbox"
                  className="h-4 w-4 rounded border-gray-300"
                  disabled={fixed}
                  checked={draft.dimensions.includes(dimension)}
                  onChange={(event) =>
                    change({
                      dimensions: event.target.checked
                        ? [...draft.dimensions, dimension]
                        : draft.dimensions.filter((other) => other !== dimension),
                    })
                  }
                />
                {t(`dimensionLabels.${dimension}`)}
              </label>
            ))}
          </div>
          {problems.dimensions && (
            <p role="alert" className="text-xs text-rose-600">
              {problems.dimensions}
            </p>
          )}
        </fieldset>
        <div className="space-y-1 sm:col-span-2">
          <SelectField
            label={t('kpis')}
            multiple
            size={8}
            disabled={fixed}
            value={draft.kpis}
            options={kpiChoices}
            error={problems.kpis}
            hint={
              draft.kpis.length === 0
                ? t('everyKpiHint')
                : t('kpisChosen', { kpis: draft.kpis.map(kpiLabel).join(', ') })
            }
            onChange={(event) =>
              // Read from each option: happy-dom's selectedOptions may lag behind a second choice.
              change({
                kpis: [...event.target.options].filter((option) => option.selected).map((option) => option.value),
              })
            }
          />
          {!fixed && draft.kpis.length > 0 && (
            <Button variant="secondary" onClick={() => change({ kpis: [] })}>
              {t('everyKpi')}
            </Button>
          )}
        </div>
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}
