import { translate } from '@nq/contracts/errors/index';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, type FakeApi, fakeApi, pagedList } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn, testProfile } from '../../../shared/testing/render-screen.tsx';
import type { Provider } from '../api/providers-api.ts';
import ProvidersPage from './ProvidersPage.tsx';

const providers: Provider[] = [
  {
    id: 'p-movistar',
    name: 'movistar',
    label: 'Movistar',
    country: 'Spain',
    numeric: '21407',
    imsis: ['214070000000001', '214070000000002'],
    ipRanges: ['80.58.0.0/16'],
    version: 3,
  },
  { id: 'p-orange', name: 'orange', label: 'Orange', country: 'Spain', numeric: '21403', version: 1 },
];

let api: FakeApi;
beforeEach(() => {
  api = fakeApi().get('/api/providers/', pagedList(providers));
});

const path = '/tools/providers-management';

describe('Providers (configuration)', () => {
  it('lists the providers with their codes, IMSIs and IP ranges', async () => {
    signIn(api);
    await renderScreen(<ProvidersPage />, { path });

    const movistar = (await screen.findByRole('cell', { name: 'movistar' })).closest('tr')!;
    expect(within(movistar).getByRole('cell', { name: 'Movistar' })).toBeInTheDocument();
    expect(within(movistar).getByRole('cell', { name: '21407' })).toBeInTheDocument();
    expect(within(movistar).getByRole('cell', { name: '214070000000001, 214070000000002' })).toBeInTheDocument();
    expect(within(movistar).getByRole('cell', { name: '80.58.0.0/16' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'orange' })).toBeInTheDocument();
  });

  it('creates a provider from its form: one IMSI and one range per line', async () => {
    signIn(api);
    api.post('/api/providers/', { id: 'p-digi', version: 1, entity: null, warnings: [] });
    const { user } = await renderScreen(<ProvidersPage />, { path });
    await user.click(screen.getByRole('button', { name: 'New' }));
    const form = screen.getByRole('dialog', { name: 'New provider' });

    expect(within(form).getByText('Unique; it cannot be changed later.')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'Name *' }), 'digi');
    await user.type(within(form).getByRole('textbox', { name: 'Label *' }), 'Digi');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Country *' }), 'Spain');
    await user.type(within(form).getByRole('textbox', { name: 'Numeric (MCC + MNC) *' }), '21422');
    await user.type(within(form).getByRole('textbox', { name: 'IMSIs' }), '214220000000001{Enter}214220000000002');
    await user.type(within(form).getByRole('textbox', { name: 'IP ranges' }), '5.44.0.0/16');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Saved');
    expect(api.sent('POST', '/api/providers/').map((request) => request.body)).toEqual([
      {
        name: 'digi',
        label: 'Digi',
        country: 'Spain',
        numeric: '21422',
        imsis: ['214220000000001', '214220000000002'],
        ipRanges: ['5.44.0.0/16'],
      },
    ]);
  });

  it('shows an IMSI another provider holds under the IMSIs, in Spanish, and keeps the form open', async () => {
    signIn(api);
    api.post('/api/providers/', answer(409, { code: 'providers.imsiAlreadyAssigned' }));
    const { user } = await renderScreen(<ProvidersPage />, { path, language: 'es' });
    await user.click(screen.getByRole('button', { name: 'Nuevo' }));
    const form = screen.getByRole('dialog', { name: 'Nuevo proveedor' });
    await user.type(within(form).getByRole('textbox', { name: 'Nombre *' }), 'digi');
    await user.type(within(form).getByRole('textbox', { name: 'IMSI' }), '214070000000001');

    await user.click(within(form).getByRole('button', { name: 'Guardar' }));

    await waitFor(() =>
      expect(within(form).getByRole('textbox', { name: 'IMSI' })).toHaveAccessibleDescription(
        translate('providers.imsiAlreadyAssigned', 'es'),
      ),
    );
    expect(screen.getByRole('dialog', { name: 'Nuevo proveedor' })).toBeInTheDocument();
  });

  it('never lets the name of an existing provider change', async () => {
    signIn(api);
    const { user } = await renderScreen(<ProvidersPage />, { path });
    await user.click(await screen.findByRole('button', { name: 'Edit movistar' }));

    const form = screen.getByRole('dialog', { name: 'Edit: movistar' });
    expect(within(form).getByRole('textbox', { name: 'Name *' })).toBeDisabled();
    expect(within(form).getByRole('textbox', { name: 'IMSIs' })).toHaveValue('214070000000001\n214070000000002');
  });

  it('tells which provider owns an IP address or an IMSI', async () => {
    signIn(api);
    api.get('/api/providers/detector', (request) => ({
      provider: request.query.get('ip') === '80.58.12.1' ? providers[0] : null,
    }));
    const { user } = await renderScreen(<ProvidersPage />, { path });
    const address = screen.getByRole('textbox', { name: 'Test an IP address or an IMSI' });

    await user.type(address, '80.58.12.1');
    await user.click(screen.getByRole('button', { name: 'Test' }));
    expect(await screen.findByText('It belongs to movistar.')).toBeInTheDocument();

    await user.clear(address);
    await user.type(address, '214990000000001{Enter}');
    expect(await screen.findByText('No provider owns it.')).toBeInTheDocument();
    expect(api.sent('GET', '/api/providers/detector').map((request) => request.query.toString())).toEqual([
      'ip=80.58.12.1',
      'imsi=214990000000001',
    ]);
  });

  it('says why the provider test refused an address, in the interface language', async () => {
    signIn(api);
    api.get(
      '/api/providers/detector',
      answer(400, {
        code: 'request.invalid',
        details: { fields: [{ field: 'querystring.imsi', code: 'providers.imsiInvalid', message: 'bad IMSI' }] },
      }),
    );
    const { user } = await renderScreen(<ProvidersPage />, { path, language: 'es' });
    const address = screen.getByRole('textbox', { name: 'Prueba una dirección IP o un IMSI' });

    await user.type(address, '2140{Enter}');

    await waitFor(() => expect(address).toHaveAccessibleDescription(translate('providers.imsiInvalid', 'es')));
  });

  it('shows a profile that is not an administrator the providers without the means to change them', async () => {
    signIn(api, testProfile({ rol: 'user' }));
    await renderScreen(<ProvidersPage />, { path });

    expect(await screen.findByText(translate('auth.adminOnly', 'en'))).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'movistar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit movistar' })).not.toBeInTheDocument();
  });
});
