import { type Dimension, dimensions, type GraphicType, type RowAxis } from '@nq/contracts/analytics/query-ir';
import { offeredDimensions } from '@nq/contracts/identity/selection-group';
import type { KpiId } from '@nq/contracts/measurements/kpis';
import { useTranslation } from 'react-i18next';
import type { CatalogueKpi } from '../../../shared/api/kpi-catalogue.ts';
import { useProfile } from '../../../shared/api/profile.ts';
import { SelectField } from '../../../shared/ui/fields.tsx';
import type { GeneratorAxes } from '../model/generator-config.ts';

/**
 * The axes a graph type needs beside the filters: a field for a boxplot, two for a scatterplot (among those the
 * chosen programs carry), rows and columns for a table of the KPI by two dimensions (none: a table of its series).
 */
export function AxesFields({
  type,
  axes,
  fields,
  problems,
  onTouch,
  onChange,
}: {
  type: GraphicType;
  axes: GeneratorAxes;
  fields: readonly CatalogueKpi[];
  problems: Readonly<Record<string, string>>;
  /** The user has been to a field (changed or left it): from then on its problems show. */
  onTouch: (field: keyof GeneratorAxes) => void;
  onChange: (changes: Partial<GeneratorAxes>) => void;
}) {
  const { t } = useTranslation(['graphicGenerator', 'analysis']);
  const offered = offeredDimensions(useProfile(), dimensions);
  const fieldOptions = fields.map((kpi) => ({ value: kpi.id, label: `${kpi.label} (${kpi.unit})` }));
  const field = (name: 'x' | 'y' | 'value', label: string) => (
    <SelectField
      label={label}
      value={axes[name]}
      placeholder={t('graphicGenerator:axes.chooseField')}
      error={problems[name]}
      onBlur={() => onTouch(name)}
      onChange={(event) => {
        onTouch(name);
        onChange({ [name]: event.target.value as KpiId | '' });
      }}
      options={fieldOptions}
    />
  );
  if (type === 'boxplot')
    return (
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">{field('value', t('graphicGenerator:axes.value'))}</div>
    );
  if (type === 'scatterplot')
    return (
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {field('x', t('graphicGenerator:axes.x'))}
        {field('y', t('graphicGenerator:axes.y'))}
      </div>
    );
  if (type !== 'table') return null;
  const dimensionOption = (value: Dimension) => ({ value, label: t(`analysis:breakdowns.${value}`) });
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
      <SelectField
        label={t('graphicGenerator:axes.rows')}
        hint={t('graphicGenerator:axes.matrixHint')}
        value={axes.rows}
        placeholder={t('graphicGenerator:axes.noMatrix')}
        error={problems.rows}
        onBlur={() => onTouch('rows')}
        onChange={(event) => {
          onTouch('rows');
          onChange({ rows: event.target.value as RowAxis | '' });
        }}
        options={[{ value: 'time', label: t('graphicGenerator:axes.time') }, ...offered.map(dimensionOption)]}
      />
      <SelectField
        label={t('graphicGenerator:axes.columns')}
        value={axes.columns}
        placeholder={t('graphicGenerator:axes.noMatrix')}
        error={problems.columns}
        onBlur={() => onTouch('columns')}
        onChange={(event) => {
          onTouch('columns');
          onChange({ columns: event.target.value as Dimension | '' });
        }}
        options={offered.map(dimensionOption)}
      />
    </div>
  );
}
