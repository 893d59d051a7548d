import { translate } from '@nq/contracts/errors/index';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi, pagedList } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn, testProfile } from '../../../shared/testing/render-screen.tsx';
import ProfilesPage from './ProfilesPage.tsx';

const optionsOf = (select: HTMLElement) =>
  [...(select as HTMLSelectElement).options].map((option) => option.textContent);

describe('profiles screen', () => {
  let api: FakeApi;
  beforeEach(() => {
    api = fakeApi().get('/profiles/', pagedList([]));
  });

  it('offers as technologies only those the administrator’s own profile sees', async () => {
    signIn(api, testProfile({ rol: 'admin', service: 'landline', technologies: [98, 99] }));
    const { user } = await renderScreen(<ProfilesPage />, { path: '/profiles_management' });
    await user.click(await screen.findByRole('button', { name: 'New' }));
    const form = screen.getByRole('dialog', { name: 'New profile' });
    await waitFor(() =>
      expect(optionsOf(within(form).getByRole('listbox', { name: 'Technologies' }))).toEqual([
        'Ethernet',
        'WiFi 2.4 GHz',
      ]),
    );
  });

  it('offers every technology to an administrator whose profile lists none', async () => {
    signIn(api, testProfile({ rol: 'admin' }));
    const { user } = await renderScreen(<ProfilesPage />, { path: '/profiles_management' });
    await user.click(await screen.findByRole('button', { name: 'New' }));
    const technologies = within(screen.getByRole('dialog', { name: 'New profile' })).getByRole('listbox', {
      name: 'Technologies',
    });
    await waitFor(() => expect(optionsOf(technologies)).toHaveLength(10));
  });

  it('shows, in the interface language, the warnings the API answers a saved profile with', async () => {
    signIn(api, testProfile({ rol: 'admin' }));
    const name = 'Equipo de campo';
    api.post('/profiles/', {
      id: 'p-field',
      version: 1,
      entity: null,
      warnings: [
        { code: 'profiles.clustersUnused', message: '', params: { name } },
        { code: 'profiles.noPrograms', message: '', params: { name } },
      ],
    });
    const { user } = await renderScreen(<ProfilesPage />, { path: '/profiles_management', language: 'es' });
    await user.click(await screen.findByRole('button', { name: 'Nuevo' }));
    const form = screen.getByRole('dialog', { name: 'Nuevo perfil' });
    await user.type(within(form).getByRole('textbox', { name: 'Nombre *' }), name);
    await user.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(translate('profiles.clustersUnused', 'es', { name }))).toBeInTheDocument();
    expect(screen.getByText(translate('profiles.noPrograms', 'es', { name }))).toBeInTheDocument();
    expect(api.sent('POST', '/profiles/')[0]?.body).toMatchObject({ name });
  });
});
