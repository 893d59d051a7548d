import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../testing/fake-api.ts';
import { renderScreen, signIn, testProfile } from '../testing/render-screen.tsx';
import { useProgramName } from './useProgramName.ts';

function ProgramNames({ ids }: { ids: string[] }) {
  const programName = useProgramName();
  return (
    <ul aria-label="Programs">
      {ids.map((id) => (
        <li key={id}>{programName(id)}</li>
      ))}
    </ul>
  );
}

const shownNames = () =>
  within(screen.getByRole('list', { name: 'Programs' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

const profile = testProfile({
  programs: [
    { id: 'p-home', type: 1, program: 'Home broadband' },
    { id: 'speedtest', type: 1, program: 'Velocidad (perfil)' },
  ],
});

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});

describe('a program’s name', () => {
  it('is the one the profile gives it, the interface’s own for a demo program, else its id', async () => {
    signIn(api, profile);
    await renderScreen(<ProgramNames ids={['p-home', 'speedtest', 'dns', 'retired']} />);

    await screen.findByText('Home broadband');
    // The interface names the demo programs in its language, whatever the profile calls them; the demo's DNS program
    // has no targets in the profile, hence no name there; an id neither names is shown as it is.
    expect(shownNames()).toEqual(['Home broadband', 'Speed test', 'DNS lookup', 'retired']);
  });

  it('in Spanish', async () => {
    signIn(api, profile);
    await renderScreen(<ProgramNames ids={['p-home', 'speedtest']} />, { language: 'es' });

    await screen.findByText('Home broadband');
    expect(shownNames()).toEqual(['Home broadband', 'Prueba de velocidad']);
  });
});
