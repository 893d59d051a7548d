import { useReducer, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { type AddressChanges, withParams } from './address-params.ts';

export interface AddressUpdate {
  /** `push` adds a history entry (Back returns to the address before); by default the address is replaced. */
  history?: 'push' | 'replace';
}

/**
 * A screen's choices kept in its address (shareable, reload-safe), changed in quick succession without losing any.
 * A navigation is asynchronous (the router waits for the route's loaders), so a control bound to the router's address
 * would show its old value until then, and a change made meanwhile would start from the address before and undo the
 * previous one. So each change applies to the address the last change asked for, and the screen shows that one at
 * once, in the same render as the click. An address this screen did not ask for (a link, going back) is taken as it is.
 * Screens read and change their address only through this hook (the linter refuses useSearchParams in features).
 */
export function useAddressState() {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  const asked = useRef(new Set<string>());
  const shown = useRef(params.toString());
  const current = params.toString();
  if (current !== shown.current) {
    shown.current = current;
    if (current === latest.current.toString()) asked.current.clear();
    else if (!asked.current.has(current)) latest.current = params;
  }
  const [, showAsked] = useReducer((count: number) => count + 1, 0);
  /** Changes the latest address asked for. */
  const update = (change: (current: URLSearchParams) => URLSearchParams, options: AddressUpdate = {}) => {
    latest.current = change(latest.current);
    asked.current.add(latest.current.toString());
    setParams(latest.current, { replace: options.history !== 'push' });
    showAsked();
  };
  /** Sets or removes some parameters of the latest address asked for. */
  const set = (changes: AddressChanges, options?: AddressUpdate) =>
    update((current) => withParams(current, changes), options);
  return { params: latest.current, update, set };
}
