import type { StoredSession } from '@nq/contracts/identity/session';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/api/session-store.ts';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { fakeApi } from '../../../shared/testing/fake-api.ts';
import { renderScreen, signIn, testProfile } from '../../../shared/testing/render-screen.tsx';
import { LanguageSwitch } from '../../shell/components/LanguageSwitch.tsx';
import LoginPage from './LoginPage.tsx';

const spanishSpeaker: StoredSession = {
  data: {
    appId: 'nq-console',
    key: 'session-1',
    email: 'lucia@test.nq',
    id_user: 'user-1',
    name: 'Lucía',
    clientId: 'session-1',
    clientSecret: 'secret',
  },
  profile: { id: 'profile-1', name: 'Regulator' },
  technologies: [],
  preferedLanguage: 'es',
  landing: 'storyboard',
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
};

describe('the interface language', () => {
  it('opens in the language the user chose last, whatever the login page was in', async () => {
    fakeApi().post('/login', spanishSpeaker);
    const { user } = await renderScreen(<LoginPage />, {
      path: '/login',
      routes: [{ path: '/storyboard', element: <p>storyboard</p> }],
    });
    await user.type(screen.getByLabelText('E-mail'), 'lucia@test.nq');
    await user.type(screen.getByLabelText('Password'), 'secret-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByText('storyboard');
    await waitFor(() => expect(currentLanguage()).toBe('es'));
    expect(document.documentElement.lang).toBe('es');
  });

  it("saves a signed-in user's switch on the account, and only switches before login", async () => {
    const api = fakeApi().put('/account/language', { done: true });
    const { user } = await renderScreen(<LanguageSwitch />);
    await user.selectOptions(screen.getByTestId('language-switch'), 'es');
    await waitFor(() => expect(currentLanguage()).toBe('es'));
    expect(api.sent('PUT', '/account/language')).toEqual([]);

    await user.selectOptions(screen.getByTestId('language-switch'), 'en');

    signIn(api, testProfile()); // a user whose saved language is English
    await user.selectOptions(screen.getByTestId('language-switch'), 'es');
    await waitFor(() => expect(api.sent('PUT', '/account/language')).toHaveLength(1));
    expect(api.sent('PUT', '/account/language')[0]?.body).toEqual({ language: 'es' });
    expect(sessionStore.get()?.preferedLanguage).toBe('es');
  });
});
