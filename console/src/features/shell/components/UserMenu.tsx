import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api } from '../../../shared/api/api-client.ts';
import { queryClient } from '../../../shared/api/query-client.ts';
import { sessionStore, useSession } from '../../../shared/api/session-store.ts';

export function UserMenu() {
  const { t } = useTranslation('shell');
  const session = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);

  async function logout() {
    await api.post('/logout').catch(() => undefined);
    sessionStore.clear();
    queryClient.clear();
    void navigate('/login', { replace: true });
  }

  return (
    <div className="relative">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        data-testid="user-menu"
        className="rounded-md px-2 py-1 text-sm text-gray-700 hover:bg-gray-100"
        onClick={() => setOpen(!open)}
      >
        {session?.data.name || session?.data.email} ▾
      </button>
      {open && (
        <div
          role="menu"
          tabIndex={-1}
          className="absolute right-0 z-40 mt-1 w-48 rounded-md border bg-white py-1 text-sm shadow-lg"
          onClick={() => setOpen(false)}
          onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
        >
          <div role="none">
            <Link role="menuitem" to="/my_profile" className="block px-3 py-1.5 hover:bg-gray-50">
              {t('myProfile')}
            </Link>
          </div>
          <div role="none">
            <Link role="menuitem" to="/change_password" className="block px-3 py-1.5 hover:bg-gray-50">
              {t('changePassword')}
            </Link>
          </div>
          <div role="none">
            <button
              role="menuitem"
              type="button"
              className="block w-full px-3 py-1.5 text-left hover:bg-gray-50"
              onClick={() => void logout()}
            >
              {t('logout')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
