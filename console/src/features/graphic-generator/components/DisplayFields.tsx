import { graphicDistributions, labelRotations, orientations } from '@nq/contracts/analytics/graphic-display';
import { useTranslation } from 'react-i18next';
import { CheckboxField, SelectField, TextField } from '../../../shared/ui/fields.tsx';
import type { Display } from '../model/generator-config.ts';

const hexColour = /^#[0-9a-fA-F]{6}$/;

/**
 * Graphic display options (docs/product/entities.md#graphic-display-options): how the graphic is drawn (only
 * `transpose` changes a table's data).
 */
export function DisplayFields({
  display,
  problems,
  onChange,
}: {
  display: Display;
  problems: Readonly<Record<string, string>>;
  onChange: (changes: Partial<Display>) => void;
}) {
  const { t } = useTranslation('graphicGenerator');
  const rotations = labelRotations.map((degrees) => ({
    value: String(degrees),
    label: t('display.degrees', { degrees }),
  }));
  const flag = (name: 'spanGaps' | 'transpose' | 'showLabels' | 'showLegend') => (
    <CheckboxField
      label={t(`display.${name}`)}
      checked={display[name]}
      onChange={(event) => onChange({ [name]: event.target.checked })}
    />
  );
  return (
    <fieldset className="grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-6">
      <legend className="sr-only">{t('display.title')}</legend>
      <SelectField
        label={t('display.orientation')}
        value={display.orientation}
        onChange={(event) => onChange({ orientation: event.target.value as Display['orientation'] })}
        options={orientations.map((value) => ({ value, label: t(`display.orientations.${value}`) }))}
      />
      <SelectField
        label={t('display.graphicDistribution')}
        value={display.graphicDistribution}
        onChange={(event) => onChange({ graphicDistribution: event.target.value as Display['graphicDistribution'] })}
        options={graphicDistributions.map((value) => ({ value, label: t(`display.distributions.${value}`) }))}
      />
      <SelectField
        label={t('display.labelRotation')}
        value={String(display.labelRotation)}
        onChange={(event) => onChange({ labelRotation: Number(event.target.value) as Display['labelRotation'] })}
        options={rotations}
      />
      <SelectField
        label={t('display.xAxisRotation')}
        value={String(display.xAxisRotation)}
        onChange={(event) => onChange({ xAxisRotation: Number(event.target.value) as Display['xAxisRotation'] })}
        options={rotations}
      />
      <TextField
        label={t('display.minY')}
        type="number"
        value={display.minY}
        error={problems.minY}
        onChange={(event) => onChange({ minY: event.target.value })}
      />
      <TextField
        label={t('display.maxY')}
        type="number"
        value={display.maxY}
        error={problems.maxY}
        onChange={(event) => onChange({ maxY: event.target.value })}
      />
      <TextField
        label={t('display.width')}
        type="number"
        min={1}
        max={100}
        step={1}
        value={String(display.width)}
        onChange={(event) => {
          const width = Number(event.target.value);
          if (Number.isInteger(width) && width >= 1 && width <= 100) onChange({ width });
        }}
      />
      <TextField
        label={t('display.colours')}
        hint={t('display.coloursHint')}
        defaultValue={display.colours.join(', ')}
        // Read once typed: a colour half written is not one yet.
        onBlur={(event) =>
          onChange({
            colours: event.target.value.split(/[\s,]+/).filter((colour) => hexColour.test(colour)),
          })
        }
      />
      <div className="col-span-2 flex flex-wrap items-end gap-x-4 gap-y-1 pb-1.5">
        {flag('spanGaps')}
        {flag('transpose')}
        {flag('showLabels')}
        {flag('showLegend')}
      </div>
    </fieldset>
  );
}
