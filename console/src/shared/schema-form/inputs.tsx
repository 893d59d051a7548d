import { type ReactNode, useEffect, useState } from 'react';
import { errorMessage } from '../i18n/i18n.ts';
import { Button } from '../ui/Button.tsx';
import { TextAreaField, TextField } from '../ui/fields.tsx';

interface InputProps<T> {
  label: ReactNode;
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  error?: string | undefined;
  hint?: ReactNode;
  disabled?: boolean | undefined;
}

const listText = (value: readonly unknown[] | undefined) => (value ?? []).join(', ');

/** A list of texts or numbers typed as one comma-separated text (the text typed stays as typed while it parses). */
export function ListInput({ numeric, ...props }: InputProps<readonly (string | number)[]> & { numeric: boolean }) {
  const [text, setText] = useState(listText(props.value));
  useEffect(() => {
    setText((typed) => (listText(parseList(typed, numeric)) === listText(props.value) ? typed : listText(props.value)));
  }, [props.value, numeric]);
  return (
    <TextField
      label={props.label}
      error={props.error}
      hint={props.hint}
      disabled={props.disabled}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        props.onChange(parseList(event.target.value, numeric));
      }}
    />
  );
}

function parseList(text: string, numeric: boolean): (string | number)[] {
  const items = text
    .split(/[,\s]+/)
    .map((item) => item.trim())
    .filter(Boolean);
  // A number that does not parse is sent as typed, for the server to name the problem.
  return numeric ? items.map((item) => (Number.isFinite(Number(item)) ? Number(item) : item)) : items;
}

/** Free JSON (settings shaped by the probe software); what is typed is sent once it parses. */
export function JsonInput(props: InputProps<unknown>) {
  const [text, setText] = useState(props.value === undefined ? '' : JSON.stringify(props.value, null, 2));
  const [invalid, setInvalid] = useState(false);
  return (
    <TextAreaField
      label={props.label}
      rows={4}
      className="font-mono"
      disabled={props.disabled}
      error={invalid ? errorMessage('validation.invalidFormat') : props.error}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        if (event.target.value.trim() === '') {
          setInvalid(false);
          return props.onChange(undefined);
        }
        try {
          props.onChange(JSON.parse(event.target.value));
          setInvalid(false);
        } catch {
          setInvalid(true);
        }
      }}
    />
  );
}

type Secret = string | { sealed: string };
const isSealed = (value: unknown): value is { sealed: string } =>
  value !== null && typeof value === 'object' && 'sealed' in value;

/** A secret the API keeps sealed: shown as sealed (never its value) until replaced by a new one typed in clear. */
export function SecretInput(props: InputProps<Secret> & { texts: { sealed: string; replace: string } }) {
  const [replacing, setReplacing] = useState(false);
  if (isSealed(props.value) && !replacing)
    return (
      <fieldset className="space-y-1">
        <legend className="block text-sm font-medium text-gray-700">{props.label}</legend>
        <div className="flex items-center gap-2">
          <span
            className="rounded bg-emerald-50 px-2 py-1 text-xs font-medium text-emerald-800"
            data-testid="sealed-secret"
          >
            {props.texts.sealed}
          </span>
          <Button variant="secondary" disabled={props.disabled} onClick={() => setReplacing(true)}>
            {props.texts.replace}
          </Button>
        </div>
        {props.error && (
          <p role="alert" className="text-xs text-rose-600">
            {props.error}
          </p>
        )}
      </fieldset>
    );
  return (
    <TextField
      label={props.label}
      type="password"
      autoComplete="new-password"
      error={props.error}
      disabled={props.disabled}
      value={typeof props.value === 'string' ? props.value : ''}
      onChange={(event) => props.onChange(event.target.value === '' ? undefined : event.target.value)}
    />
  );
}
