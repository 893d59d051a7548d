import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type AddressChanges, withParams } from './address-params.ts';

export interface AddressUpdate {
  /** `push` adds a history entry (Back returns to the address before); by default the address is replaced. */
  history?: 'push' | 'replace';
}

/** The address this screen asked for last, and every address the router may show meanwhile (those before it). */
interface Asked {
  params: URLSearchParams;
  meanwhile: ReadonlySet<string>;
}

/**
 * A screen's choices kept in its address (shareable, reload-safe), changed in quick succession without losing any.
 * A navigation is asynchronous (the router waits for the route's loaders), so a control bound to the router's address
 * would show its old value until then, and a change made meanwhile would start from the address before and undo the
 * previous one. So each change applies to the address the last change asked for, and the screen shows that one at
 * once, in the same render as the click, until the router reaches it. An address this screen did not ask for (a link,
 * going back) is taken as it is.
 *
 * What is shown is derived during render from state alone: the router renders its navigations as transitions, which
 * React may render, drop and render again after an urgent update, so nothing is remembered from a render that may
 * not commit (remembering there lost the last choices of a screen changed quickly on a busy machine).
 * Screens read and change their address only through this hook (the linter refuses useSearchParams in features).
 */
export function useAddressState() {
  const [routerParams, setParams] = useSearchParams();
  const current = routerParams.toString();
  const [asked, setAsked] = useState<Asked>();
  const params = asked?.meanwhile.has(current) ? asked.params : routerParams;
  // What the next change applies to: set by changes, and by the router once it shows an address (effect below).
  const latest = useRef(params);
  // How many changes were made before this render. A render's effect can run after a change made since (React runs a
  // committed render's pending effects before it handles the next click, which a busy machine leaves time for): that
  // render saw neither the change nor the address it asks for, so it must not decide what the next change starts from
  // (it did, and a quick second choice undid the first).
  const changes = useRef(0);
  const changesBefore = changes.current;

  useEffect(() => {
    if (changes.current !== changesBefore) return;
    if (!asked) {
      latest.current = routerParams;
      return;
    }
    // Reached, or replaced by an address not asked for: the router's address is the screen's again.
    if (current === asked.params.toString() || !asked.meanwhile.has(current)) {
      latest.current = routerParams;
      setAsked(undefined);
    }
  }, [asked, current, routerParams, changesBefore]);

  /** Changes the latest address asked for. */
  const update = (change: (current: URLSearchParams) => URLSearchParams, options: AddressUpdate = {}) => {
    const next = change(latest.current);
    latest.current = next;
    changes.current += 1;
    setAsked((before) => ({
      params: next,
      meanwhile: new Set([...(before?.meanwhile ?? [current]), next.toString()]),
    }));
    setParams(next, { replace: options.history !== 'push' });
  };
  /** Sets or removes some parameters of the latest address asked for. */
  const set = (changes: AddressChanges, options?: AddressUpdate) =>
    update((current) => withParams(current, changes), options);
  return { params, update, set };
}
