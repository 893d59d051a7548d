import { act, fireEvent, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../testing/render-screen.tsx';
import { useAddressState } from './useAddressState.ts';

function Choices() {
  const { params, set } = useAddressState();
  return (
    <>
      {['a', 'b', 'c'].map((name) => (
        <label key={name}>
          <input
            type="checkbox"
            checked={params.get(name) === 'on'}
            onChange={(event) => set({ [name]: event.target.checked ? 'on' : undefined })}
          />
          {name}
        </label>
      ))}
      <button type="button" onClick={() => set({ page: '2' }, { history: 'push' })}>
        next page
      </button>
      <output aria-label="address">{params.toString()}</output>
    </>
  );
}

/**
 * A part of the screen that is slow to draw the address with `b`: it suspends until released, so React renders the
 * router's navigation there (a transition) and drops that render, as it does when an urgent update (a click on a busy
 * machine) comes in while a transition renders.
 */
function slowWith(name: string) {
  let released = false;
  let resolveReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });
  const release = () => {
    released = true;
    resolveReady();
  };
  function Slow() {
    const { params } = useAddressState();
    // Suspending: React waits for the thrown promise before it commits this render.
    if (params.get(name) === 'on' && !released) throw ready;
    return null;
  }
  return { Slow, release };
}

/** A route loader that holds every navigation until released, as a slow guard does under load. */
function heldLoader() {
  const held: (() => void)[] = [];
  return {
    loader: () => new Promise<null>((resolve) => held.push(() => resolve(null))),
    release: () => {
      for (const resolve of held.splice(0)) resolve();
    },
  };
}

describe('useAddressState', () => {
  it('shows a change in the same render as the click, while the router still waits for the route', async () => {
    const navigation = heldLoader();
    const view = await renderScreen(<Choices />, { path: '/screen', loader: navigation.loader });
    navigation.release();
    const box = await screen.findByRole('checkbox', { name: 'a' });
    fireEvent.click(box);
    expect(box).toBeChecked();
    fireEvent.click(screen.getByRole('checkbox', { name: 'b' }));
    expect(screen.getByRole('checkbox', { name: 'a' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'b' })).toBeChecked();
    navigation.release();
    await expect.poll(() => view.router.state.location.search).toBe('?a=on&b=on');
    expect(screen.getByRole('checkbox', { name: 'a' })).toBeChecked();
  });

  it('takes an address it did not ask for (going back) as it is, and pushes a history entry when asked', async () => {
    const view = await renderScreen(<Choices />, { path: '/screen' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'a' }));
    await expect.poll(() => view.router.state.location.search).toBe('?a=on');
    fireEvent.click(screen.getByRole('button', { name: 'next page' }));
    await expect.poll(() => view.router.state.location.search).toBe('?a=on&page=2');
    await view.router.navigate(-1);
    await expect.poll(() => screen.getByRole('status', { name: 'address' }).textContent).toBe('a=on');
    fireEvent.click(screen.getByRole('checkbox', { name: 'a' }));
    await expect.poll(() => view.router.state.location.search).toBe('');
    expect(screen.getByRole('checkbox', { name: 'a' })).not.toBeChecked();
  });

  it('keeps a change whose navigation React rendered but did not commit when another change comes meanwhile', async () => {
    const slow = slowWith('b');
    const view = await renderScreen(
      <>
        <Choices />
        <Suspense fallback={null}>
          <slow.Slow />
        </Suspense>
      </>,
      { path: '/screen' },
    );
    fireEvent.click(await screen.findByRole('checkbox', { name: 'a' }));
    await expect.poll(() => view.router.state.location.search).toBe('?a=on');
    fireEvent.click(screen.getByRole('checkbox', { name: 'b' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'c' }));
    expect(screen.getByRole('checkbox', { name: 'b' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'c' })).toBeChecked();
    await act(async () => slow.release());
    await expect.poll(() => view.router.state.location.search).toBe('?a=on&b=on&c=on');
    for (const name of ['a', 'b', 'c']) expect(screen.getByRole('checkbox', { name })).toBeChecked();
  });
});
