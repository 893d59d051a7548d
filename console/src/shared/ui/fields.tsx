import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';

export const inputClass = (error: string | undefined) =>
  `block w-full rounded-md border px-2.5 py-1.5 text-sm shadow-sm focus:outline-none focus:ring-2 ${
    error ? 'border-rose-400 focus:ring-rose-300' : 'border-gray-300 focus:ring-blue-300'
  } disabled:bg-gray-100`;

export interface FieldFrameProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
}

/** A labelled input frame with its hint or problem under it (for inputs the field components do not cover). */
export function FieldFrame({ id, label, error, hint, children }: FieldFrameProps) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-gray-700">
        {label}
      </label>
      {children}
      {hint && !error && <p className="text-xs text-gray-500">{hint}</p>}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-rose-600">
          {error}
        </p>
      )}
    </div>
  );
}

type Common = { label: ReactNode; error?: string | undefined; hint?: ReactNode };

export function TextField({ label, error, hint, ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
        className={inputClass(error)}
      />
    </FieldFrame>
  );
}

export function TextAreaField({ label, error, hint, ...input }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
        className={inputClass(error)}
      />
    </FieldFrame>
  );
}

export interface Option {
  value: string;
  label: string;
}

export function SelectField({
  label,
  error,
  hint,
  options,
  placeholder,
  ...select
}: Common & SelectHTMLAttributes<HTMLSelectElement> & { options: readonly Option[]; placeholder?: string }) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <select id={id} aria-invalid={error ? true : undefined} {...select} className={inputClass(error)}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export function CheckboxField({ label, error, hint, ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="inline-flex items-center gap-2 text-sm text-gray-700">
        <input id={id} type="checkbox" {...input} className="h-4 w-4 rounded border-gray-300" />
        {label}
      </label>
      {hint && !error && <p className="text-xs text-gray-500">{hint}</p>}
      {error && (
        <p role="alert" className="text-xs text-rose-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** A list's search box: labelled by its placeholder, so it needs no visible label. */
export function SearchBox({
  label,
  value,
  onChange,
  className = 'w-64',
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  className?: string;
}) {
  return (
    <div className={className}>
      <input
        type="search"
        aria-label={label}
        placeholder={label}
        className="w-full rounded-md border border-gray-300 px-2.5 py-1.5 text-sm"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
