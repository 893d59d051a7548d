import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, type FakeApi, fakeApi } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn, testProfile } from '../../../shared/testing/render-screen.tsx';
import { weekly } from './dashboards-fixtures.ts';
import { ShareDialog } from './ShareDialog.tsx';

const sharePath = `/dashboards/personal/${weekly.id}/share`;
let api: FakeApi;
beforeEach(() => {
  api = fakeApi().post(sharePath, { result: weekly, warnings: [] });
});

const draw = (onClose = vi.fn()) =>
  renderScreen(<ShareDialog dashboard={weekly} open onClose={onClose} />, { path: '/dashboards_personal' });

describe('Sharing a dashboard', () => {
  it('refuses a list with an invalid e-mail, sending nothing', async () => {
    signIn(api, testProfile({ rol: 'user' }));
    const { user } = await draw();
    await user.type(screen.getByLabelText("Users' e-mails"), 'ana@example.com, not-an-email');
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText("Some of the email's list hasn't a valid format")).toBeInTheDocument();
    expect(api.sent('POST', sharePath)).toEqual([]);
  });

  it('shares with typed and picked users, notifying them with a message', async () => {
    signIn(api, testProfile({ rol: 'admin', layers: [{ id: 'users_management' }] as never }));
    api.get('/users/', { list: [{ id: 'u1', email: 'bea@example.com' }], count: 1, page: 1, pageSize: 500 });
    const onClose = vi.fn();
    const { user } = await draw(onClose);
    await user.click(await screen.findByRole('checkbox', { name: 'bea@example.com' }));
    await user.type(screen.getByLabelText("Users' e-mails"), 'Ana@Example.com');
    await user.type(screen.getByLabelText('Message'), 'Have a look');
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Dashboard shared with 2 users.')).toBeInTheDocument();
    expect(api.sent('POST', sharePath)[0]?.body).toEqual({
      users: ['bea@example.com', 'ana@example.com'],
      notify: true,
      message: 'Have a look',
      lang: 'en',
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('says so when the share fails', async () => {
    signIn(api, testProfile({ rol: 'user' }));
    api.post(sharePath, answer(500, { code: 'internal.error' }));
    const { user } = await draw();
    await user.type(screen.getByLabelText("Users' e-mails"), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('There has been an error. Please, retry.')).toBeInTheDocument();
  });
});
