import type { CsvTemplateView } from '@nq/contracts/configuration/csv-template';
import { basePathOf } from '@nq/contracts/configuration/kinds';
import type { Profile } from '@nq/contracts/identity/profile';
import { servicesOfProfile } from '@nq/contracts/identity/profile-technologies';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useEntityOptions } from '../../../shared/entity-screen/entity-options.ts';
import { GraphicFilterPanel, ListFilter } from '../../../shared/graphic-filters/GraphicFilterPanel.tsx';
import type { GraphicFilters } from '../../../shared/graphic-filters/graphic-filters.ts';
import { programText } from '../../../shared/i18n/value-texts.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { SelectField } from '../../../shared/ui/fields.tsx';
import type { ExtractorChoice } from '../model/extractor-choice.ts';

const hours = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: `${String(hour).padStart(2, '0')}:00`,
}));

export interface TemplateChoice {
  offered: readonly CsvTemplateView[];
  chosen: CsvTemplateView | undefined;
  loading: boolean;
}

/**
 * What to extract: the service, the programs, the template and the graphic filters that select the measurements,
 * then how the file is written (`format`). Every change of what to extract goes to the address at once; `problems` are the refusal's messages by body field.
 */
export function ExtractionForm({
  profile,
  choice,
  onChange,
  templates,
  problems,
  datesError,
  notices,
  format,
  canExtract,
  busy,
  onExtract,
}: {
  profile: Profile;
  choice: ExtractorChoice;
  onChange: (changes: Partial<ExtractorChoice>) => void;
  templates: TemplateChoice;
  problems: Record<string, string>;
  datesError: string | undefined;
  /** The fallbacks' messages (docs/product/errors.md) and what they mean, under the filters. */
  notices: ReactNode;
  /** How the file is written (the CSV options), before the button that asks for it. */
  format: ReactNode;
  canExtract: boolean;
  busy: boolean;
  onExtract: () => void;
}) {
  const { t } = useTranslation(['csvExtractor', 'graphicFilters']);
  const tagOptions = useEntityOptions(basePathOf('tag'));
  const services = servicesOfProfile(profile);
  const toggleProgram = (id: string) => {
    const programs = choice.programs.includes(id)
      ? choice.programs.filter((other) => other !== id)
      : profile.programs
          .map((program) => program.id)
          .filter((other) => other === id || choice.programs.includes(other));
    if (programs.length > 0) onChange({ programs });
  };
  const setFilters = (changes: Partial<GraphicFilters>) => onChange({ filters: { ...choice.filters, ...changes } });
  const templateLabel = (template: CsvTemplateView) => {
    const name = template.builtIn ? t('defaultTemplate') : template.name;
    return template.favorite ? t('favorite', { name }) : name;
  };

  return (
    <form
      className="space-y-4"
      aria-label={t('title')}
      onSubmit={(event) => {
        event.preventDefault();
        if (canExtract && !busy) onExtract();
      }}
    >
      <div className="flex flex-wrap items-end gap-6">
        <div className="w-48">
          <SelectField
            label={t('service')}
            value={choice.service}
            disabled={services.length < 2}
            onChange={(event) =>
              onChange({ service: event.target.value as ExtractorChoice['service'], templateId: '' })
            }
            options={services.map((value) => ({ value, label: t(`services.${value}`) }))}
          />
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-gray-700">{t('programs')}</legend>
          <div className="mt-1 flex flex-wrap gap-3">
            {profile.programs.map((program) => (
              <label key={program.id} className="inline-flex items-center gap-1.5 text-sm text-gray-700">
                <input
                  type="checkbox"
                  className="h-4 w-4 rounded border-gray-300"
                  checked={choice.programs.includes(program.id)}
                  onChange={() => toggleProgram(program.id)}
                />
                {programText(t, program.id, program.program)}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="w-full max-w-md">
          <SelectField
            label={t('template')}
            value={templates.chosen?.id ?? ''}
            disabled={templates.loading}
            error={problems.templateId}
            onChange={(event) => onChange({ templateId: event.target.value })}
            options={
              templates.loading
                ? [{ value: '', label: t('loadingTemplates') }]
                : templates.offered.length === 0
                  ? [{ value: '', label: t('defaultTemplate') }]
                  : templates.offered.map((template) => ({ value: template.id, label: templateLabel(template) }))
            }
          />
        </div>
      </div>
      <GraphicFilterPanel
        kpis={[]}
        filters={choice.filters}
        onChange={setFilters}
        options={[]}
        pickers="selection"
        service={choice.service}
        datesError={datesError ?? problems.tsEnd ?? problems.tsStart}
      >
        <SelectField
          label={t('hourStart')}
          value={choice.hourStart}
          placeholder={t('anyHour')}
          options={hours}
          error={problems.hourStart}
          hint={t('hourWindowHint')}
          onChange={(event) => onChange({ hourStart: event.target.value })}
        />
        <SelectField
          label={t('hourEnd')}
          value={choice.hourEnd}
          placeholder={t('anyHour')}
          options={hours}
          error={problems.hourEnd}
          onChange={(event) => onChange({ hourEnd: event.target.value })}
        />
        <ListFilter
          label={t('tags')}
          modeLabel={t('tagsMode')}
          hint={t('graphicFilters:listHint')}
          options={tagOptions}
          values={choice.tags}
          mode={choice.tagsCond}
          onChange={(tags, tagsCond) => onChange({ tags, tagsCond })}
        />
      </GraphicFilterPanel>
      {notices}
      {format}
      <Button type="submit" disabled={!canExtract} busy={busy}>
        {t('extract')}
      </Button>
    </form>
  );
}
