import { translate } from '@nq/contracts/errors/index';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answer, type FakeApi, fakeApi, pagedList } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn } from '../../../shared/testing/render-screen.tsx';
import UsersPage from './UsersPage.tsx';

const users = [
  {
    id: 'u-ana',
    email: 'ana@example.com',
    name: 'Ana',
    profiles: ['pr-ops', 'pr-analyst'],
    lastAccess: '2026-03-02T10:00:00.000Z',
    version: 2,
  },
  { id: 'u-luis', email: 'luis@example.com', name: 'Luis', profiles: [], version: 1 },
];
const profiles = [
  { id: 'pr-analyst', name: 'Analyst' },
  { id: 'pr-ops', name: 'Operations' },
];

const path = '/users_management';
const rowOf = (email: string) => screen.getByRole('cell', { name: email }).closest('tr')!;

let api: FakeApi;
beforeEach(() => {
  api = fakeApi().get('/users/', pagedList(users)).get('/profiles/', pagedList(profiles));
  signIn(api);
});

describe('Users (identity)', () => {
  it('lists the users with their profiles by name and when they last signed in', async () => {
    await renderScreen(<UsersPage />, { path });

    await screen.findByRole('cell', { name: 'ana@example.com' });
    await waitFor(() =>
      expect(within(rowOf('ana@example.com')).getByRole('cell', { name: 'Operations, Analyst' })).toBeInTheDocument(),
    );
    expect(within(rowOf('luis@example.com')).getByRole('cell', { name: 'Never' })).toBeInTheDocument();
  });

  it('creates a user with a language and profiles chosen by name', async () => {
    api.post('/users/', { id: 'u-eva', version: 1, entity: null, warnings: [] });
    const { user } = await renderScreen(<UsersPage />, { path });
    await user.click(screen.getByRole('button', { name: 'New' }));
    const form = screen.getByRole('dialog', { name: 'New user' });

    expect(
      within(form).getByText('To change the profiles of an existing user, use its Profiles button.'),
    ).toBeVisible();
    await user.type(within(form).getByRole('textbox', { name: 'E-mail *' }), 'eva@example.com');
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Eva');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Language' }), 'Español');
    const userProfiles = within(form).getByRole('listbox', { name: 'Profiles' });
    await waitFor(() => expect(within(userProfiles).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(userProfiles, 'Analyst');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Invitation sent to eva@example.com: the e-mail has a link to choose a password.',
    );
    expect(api.sent('POST', '/users/').map((request) => request.body)).toEqual([
      { email: 'eva@example.com', name: 'Eva', preferredLanguage: 'es', profiles: ['pr-analyst'] },
    ]);
  });

  it('says in Spanish where the invitation of a new user went', async () => {
    api.post('/users/', { id: 'u-eva', version: 1, entity: null, warnings: [] });
    const { user } = await renderScreen(<UsersPage />, { path, language: 'es' });
    await user.click(screen.getByRole('button', { name: 'Nuevo' }));
    const form = screen.getByRole('dialog', { name: 'Nuevo usuario' });
    await user.type(within(form).getByRole('textbox', { name: 'Correo electrónico *' }), 'eva@example.com');
    await user.click(within(form).getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Invitación enviada a eva@example.com: el correo lleva un enlace para elegir una contraseña.',
    );
  });

  it('says only “Saved” when an existing user is changed', async () => {
    api.put('/users/u-ana', { id: 'u-ana', version: 3, entity: null, warnings: [] });
    const { user } = await renderScreen(<UsersPage />, { path });
    await user.click(await screen.findByRole('button', { name: 'Edit ana@example.com' }));
    const form = screen.getByRole('dialog', { name: 'Edit: ana@example.com' });
    await user.clear(within(form).getByRole('textbox', { name: 'Name' }));
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Ana María');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    const saved = await screen.findByRole('status');
    expect(saved).toHaveTextContent('Saved');
    expect(saved).not.toHaveTextContent('Invitation');
  });

  it('says under the e-mail, in Spanish, that the user already exists', async () => {
    api.post('/users/', answer(409, { code: 'users.alreadyExists' }));
    const { user } = await renderScreen(<UsersPage />, { path, language: 'es' });
    await user.click(screen.getByRole('button', { name: 'Nuevo' }));
    const form = screen.getByRole('dialog', { name: 'Nuevo usuario' });
    await user.type(within(form).getByRole('textbox', { name: 'Correo electrónico *' }), 'ana@example.com');

    await user.click(within(form).getByRole('button', { name: 'Guardar' }));

    await waitFor(() =>
      expect(within(form).getByRole('textbox', { name: 'Correo electrónico *' })).toHaveAccessibleDescription(
        translate('users.alreadyExists', 'es'),
      ),
    );
  });

  it('resets a password only once confirmed, and says where the link went', async () => {
    api.put('/users/u-ana/reset-password', { done: true });
    const { user } = await renderScreen(<UsersPage />, { path });
    await user.click(await screen.findByRole('button', { name: 'Reset password ana@example.com' }));

    const dialog = screen.getByRole('dialog', { name: 'Reset password' });
    expect(dialog).toHaveTextContent('Send ana@example.com an e-mail with a link to choose a new password?');
    expect(api.sent('PUT', '/users/u-ana/reset-password')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'A link to choose a new password was e-mailed to ana@example.com.',
    );
    // The toast and the dialog's closing follow the same answer, in no fixed order.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent('PUT', '/users/u-ana/reset-password')).toHaveLength(1);
  });

  it('keeps the confirmation open with the reason, in Spanish, when the reset fails; cancelling sends nothing more', async () => {
    api.put('/users/u-ana/reset-password', answer(500, { code: 'internal.error' }));
    const { user } = await renderScreen(<UsersPage />, { path, language: 'es' });
    await user.click(await screen.findByRole('button', { name: 'Restablecer contraseña ana@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Restablecer contraseña' });

    await user.click(within(dialog).getByRole('button', { name: 'Restablecer contraseña' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(translate('users.resetPasswordFailed', 'es'));
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.sent('PUT', '/users/u-ana/reset-password')).toHaveLength(1);
  });
});
