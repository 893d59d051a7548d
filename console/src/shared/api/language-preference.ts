import type { Language } from '@nq/contracts/errors/index';
import { setLanguage } from '../i18n/i18n.ts';
import { toast } from '../ui/toasts.ts';
import { api } from './api-client.ts';
import { sessionStore } from './session-store.ts';

/**
 * Switches the interface language. A signed-in user's choice is also saved on the account, so that the next login, on
 * any browser, opens in it; a save that fails leaves the switch made here and says so.
 */
export async function chooseLanguage(language: Language) {
  await setLanguage(language);
  const session = sessionStore.get();
  if (!session || session.preferedLanguage === language) return;
  sessionStore.set({ ...session, preferedLanguage: language });
  await api.put('/account/language', { language }).catch((error: unknown) => toast.error(error));
}
