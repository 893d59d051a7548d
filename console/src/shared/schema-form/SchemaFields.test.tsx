import { translate } from '@nq/contracts/errors/index';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../api/api-error.ts';
import { i18next } from '../i18n/i18n.ts';
import { renderScreen } from '../testing/render-screen.tsx';
import { initialValue, inputSchemaOf, pruned } from './json-schema.ts';
import { type FieldNotes, SchemaFields, type SchemaTexts } from './SchemaFields.tsx';

// A body contract of the kind the API declares (contracts/): the form is drawn from its JSON Schema.
const stationContract = z.object({
  name: z.string().min(1),
  kind: z.enum(['fixed', 'mobile']),
  family: z.literal('station'),
  altitude: z.number().optional(),
  active: z.boolean().default(true),
  servers: z.array(z.string()).default([]),
  ports: z.array(z.number()).optional(),
  password: z.union([z.string(), z.strictObject({ sealed: z.string() })]).optional(),
  location: z.object({ latitude: z.number(), longitude: z.number() }).optional(),
  extra: z.record(z.string(), z.unknown()).optional(),
  targets: z.array(z.object({ host: z.string(), port: z.number().default(80) })).default([]),
});
const stationSchema = inputSchemaOf(stationContract);

const words = {
  en: {
    labels: {
      name: 'Name',
      kind: 'Kind',
      altitude: 'Altitude',
      active: 'Active',
      servers: 'Servers',
      ports: 'Ports',
      password: 'Password',
      location: 'Location',
      latitude: 'Latitude',
      longitude: 'Longitude',
      extra: 'Extra settings',
      targets: 'Targets',
      host: 'Host',
      port: 'Port',
    },
    options: { fixed: 'Fixed', mobile: 'Mobile' },
    add: 'Add',
    remove: 'Remove',
    sealed: 'Sealed',
    replace: 'Replace',
  },
  es: {
    labels: {
      name: 'Nombre',
      kind: 'Tipo',
      altitude: 'Altitud',
      active: 'Activa',
      servers: 'Servidores',
      ports: 'Puertos',
      password: 'Contraseña',
      location: 'Ubicación',
      latitude: 'Latitud',
      longitude: 'Longitud',
      extra: 'Ajustes adicionales',
      targets: 'Destinos',
      host: 'Servidor',
      port: 'Puerto',
    },
    options: { fixed: 'Fija', mobile: 'Móvil' },
    add: 'Añadir',
    remove: 'Quitar',
    sealed: 'Sellada',
    replace: 'Sustituir',
  },
};

/** The words a screen gives its schema form, from its namespace. */
function useStationTexts(): SchemaTexts {
  const { t } = useTranslation('stations');
  return {
    label: (name) => t(`labels.${name}`),
    option: (_name, value) => t(`options.${value}`),
    add: t('add'),
    remove: t('remove'),
    sealed: t('sealed'),
    replace: t('replace'),
  };
}

interface StationFormProps {
  start?: Record<string, unknown>;
  notes?: FieldNotes;
  readOnly?: string[];
  onSend?: (body: unknown) => void;
}

/** A screen's form around the schema fields: it starts from the contract's defaults and sends what is filled in. */
function StationForm({ start, notes = { errors: {} }, readOnly = [], onSend = () => {} }: StationFormProps) {
  const [value, setValue] = useState(start ?? (initialValue(stationSchema) as Record<string, unknown>));
  return (
    <form
      aria-label="Station"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSend(pruned(value));
      }}
    >
      <SchemaFields
        schema={stationSchema}
        value={value}
        onChange={setValue}
        notes={notes}
        texts={useStationTexts()}
        readOnly={readOnly}
      />
      <button type="submit">Send</button>
    </form>
  );
}

beforeAll(() => {
  i18next.addResourceBundle('en', 'stations', words.en);
  i18next.addResourceBundle('es', 'stations', words.es);
});

describe('SchemaFields', () => {
  it('draws an input per property, labelled, required ones marked; a constant is not asked', async () => {
    await renderScreen(<StationForm />);

    expect(screen.getByRole('textbox', { name: 'Name *' })).toHaveValue('');
    const kind = screen.getByRole('combobox', { name: 'Kind *' });
    expect(
      within(kind)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['', 'Fixed', 'Mobile']);
    expect(screen.getByRole('spinbutton', { name: 'Altitude' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Active' })).toBeChecked();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('group', { name: 'Location' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Targets' })).toBeInTheDocument();
    expect(screen.queryByText(/family/i)).not.toBeInTheDocument();
  });

  it('sends the values parsed as the contract takes them: numbers, lists, choices, switches, groups, constants', async () => {
    const send = vi.fn();
    const { user } = await renderScreen(<StationForm onSend={send} />);

    await user.type(screen.getByRole('textbox', { name: 'Name *' }), 'Madrid north');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind *' }), 'Mobile');
    await user.type(screen.getByRole('spinbutton', { name: 'Altitude' }), '650');
    await user.click(screen.getByRole('checkbox', { name: 'Active' }));
    await user.type(screen.getByRole('textbox', { name: 'Servers' }), 'a.example, b.example');
    await user.type(screen.getByRole('textbox', { name: 'Ports' }), '80 443');
    const location = screen.getByRole('group', { name: 'Location' });
    await user.type(within(location).getByRole('spinbutton', { name: 'Latitude *' }), '40.4');
    await user.type(within(location).getByRole('spinbutton', { name: 'Longitude *' }), '-3.7');
    await user.click(screen.getByRole('textbox', { name: 'Extra settings' }));
    await user.paste('{"mode": "quiet"}');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const body = {
      name: 'Madrid north',
      kind: 'mobile',
      family: 'station',
      altitude: 650,
      active: false,
      servers: ['a.example', 'b.example'],
      ports: [80, 443],
      location: { latitude: 40.4, longitude: -3.7 },
      extra: { mode: 'quiet' },
      targets: [],
    };
    expect(send).toHaveBeenCalledWith(body);
    expect(stationContract.safeParse(body).success).toBe(true);
  });

  it('refuses free JSON that does not parse with the catalogue message in the interface language', async () => {
    const send = vi.fn();
    const { user } = await renderScreen(<StationForm onSend={send} />, { language: 'es' });
    const extra = screen.getByRole('textbox', { name: 'Ajustes adicionales' });

    await user.click(extra);
    await user.paste('{"mode": ');

    expect(extra).toHaveAttribute('aria-invalid', 'true');
    expect(extra).toHaveAccessibleDescription(translate('validation.invalidFormat', 'es'));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(send.mock.calls[0]?.[0]).not.toHaveProperty('extra');

    await user.clear(extra);
    await user.paste('{"mode": "quiet"}');
    expect(extra).not.toHaveAttribute('aria-invalid');
  });

  it('adds entries to a list of objects with their defaults, and removes them', async () => {
    const send = vi.fn();
    const { user } = await renderScreen(<StationForm onSend={send} />);
    const targets = screen.getByRole('group', { name: 'Targets' });

    await user.click(within(targets).getByRole('button', { name: 'Add: Targets' }));
    await user.click(within(targets).getByRole('button', { name: 'Add: Targets' }));
    const hosts = within(targets).getAllByRole('textbox', { name: 'Host *' });
    expect(hosts).toHaveLength(2);
    for (const port of within(targets).getAllByRole('spinbutton', { name: 'Port' })) expect(port).toHaveValue(80);
    await user.type(hosts[1]!, 'speed.example');
    await user.click(within(targets).getByRole('button', { name: 'Remove Targets 1' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(send.mock.calls[0]?.[0]).toMatchObject({ targets: [{ host: 'speed.example', port: 80 }] });
  });

  it('shows the server’s problems under the fields they name, nested ones included, in the interface language', async () => {
    await i18next.changeLanguage('es');
    const refusal = new ApiError(400, 'request.invalid', {
      fields: [
        { field: 'body.name', code: 'validation.required', message: 'Required' },
        { field: 'body.location.latitude', code: 'validation.tooBig', params: { max: 90 }, message: 'too large' },
        { field: 'body.targets.0.host', code: 'validation.invalidFormat', message: 'bad' },
      ],
    });
    const start = { ...(initialValue(stationSchema) as object), targets: [{ host: 'bad host', port: 80 }] };

    await renderScreen(<StationForm start={start} notes={{ errors: refusal.fieldProblems }} />, { language: 'es' });

    expect(screen.getByRole('textbox', { name: 'Nombre *' })).toHaveAccessibleDescription(
      translate('validation.required', 'es'),
    );
    expect(screen.getByRole('spinbutton', { name: 'Latitud *' })).toHaveAccessibleDescription(
      translate('validation.tooBig', 'es', { max: 90 }),
    );
    expect(
      within(screen.getByRole('group', { name: 'Destinos' })).getByRole('textbox', { name: 'Servidor *' }),
    ).toHaveAccessibleDescription(translate('validation.invalidFormat', 'es'));
  });

  it('keeps a sealed secret sealed until it is replaced by a new one', async () => {
    const send = vi.fn();
    const start = { ...(initialValue(stationSchema) as object), password: { sealed: 'v1:abc' } };
    const { user } = await renderScreen(<StationForm start={start} onSend={send} />);

    const password = screen.getByRole('group', { name: 'Password' });
    expect(within(password).getByText('Sealed')).toBeInTheDocument();
    expect(screen.queryByLabelText('Password', { selector: 'input' })).not.toBeInTheDocument();

    await user.click(within(password).getByRole('button', { name: 'Replace' }));
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'n3w-secret');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(send.mock.calls[0]?.[0]).toMatchObject({ password: 'n3w-secret' });
  });

  it('shows read-only fields without letting them change', async () => {
    await renderScreen(<StationForm start={{ name: 'Madrid north', kind: 'fixed' }} readOnly={['name']} />);

    expect(screen.getByRole('textbox', { name: 'Name *' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Name *' })).toHaveValue('Madrid north');
    expect(screen.getByRole('combobox', { name: 'Kind *' })).toBeEnabled();
  });
});
