import type { Option } from '../../../shared/ui/fields.tsx';

interface ChoiceGroupProps {
  legend: string;
  /** Said while nothing is chosen (what none means). */
  hint?: string;
  options: readonly Option[];
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
  problem?: string | undefined;
}

/** Several of a short list, as checkboxes under a legend (an alert's technologies, campaigns, providers…). */
export function ChoiceGroup({ legend, hint, options, chosen, onChange, problem }: ChoiceGroupProps) {
  const toggle = (value: string) =>
    onChange(chosen.includes(value) ? chosen.filter((other) => other !== value) : [...chosen, value]);
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium text-gray-700">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {options.map((option) => (
          <label key={option.value} className="inline-flex items-center gap-1.5 text-sm text-gray-700">
            <input
              type="checkbox"
              className="h-4 w-4 rounded border-gray-300"
              checked={chosen.includes(option.value)}
              onChange={() => toggle(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
      {hint && chosen.length === 0 && !problem && <p className="text-xs text-gray-500">{hint}</p>}
      {problem && (
        <p role="alert" className="text-xs text-rose-600">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
