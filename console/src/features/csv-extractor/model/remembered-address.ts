import { useEffect } from 'react';

/**
 * A screen's last address, kept for the browser tab's session: coming back to the screen from the menu (an address
 * without a query) opens it as it was left, the extraction followed included. `restore` is called once with it.
 */
export function useRememberedAddress(
  key: string,
  params: URLSearchParams,
  restore: (remembered: URLSearchParams) => void,
) {
  const current = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the address the screen opened at is restored
  useEffect(() => {
    const remembered = sessionStorage.getItem(key);
    if (!current && remembered) restore(new URLSearchParams(remembered));
  }, []);
  useEffect(() => {
    if (current) sessionStorage.setItem(key, current);
    else sessionStorage.removeItem(key);
  }, [key, current]);
}
