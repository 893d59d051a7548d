import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import CampaignsPage from '../../features/campaigns/components/CampaignsPage.tsx';
import TagsPage from '../../features/tags/TagsPage.tsx';
import TokensPage from '../../features/tokens/components/TokensPage.tsx';
import { fakeApi, pagedList } from '../testing/fake-api.ts';
import { renderScreen, signIn } from '../testing/render-screen.tsx';

const source = join(import.meta.dirname, '../..');
const filesUnder = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(join(folder, entry.name))
      : /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)
        ? [join(folder, entry.name)]
        : [],
  );
/** The namespaces the shared management screens and their create forms are drawn with. */
const screenNamespaces = [
  ...new Set(
    filesUnder(join(source, 'features')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/namespace(?:="|: ')(\w+)['"]/g)].map((match) => match[1]!),
    ),
  ),
];
const texts = (language: string, namespace: string) =>
  JSON.parse(readFileSync(join(source, 'locales', language, `${namespace}.json`), 'utf8')) as Record<string, unknown>;

describe('Create dialogs', () => {
  it('each say what they create, in English and Spanish', async () => {
    expect(screenNamespaces).toEqual(expect.arrayContaining(['tags', 'users', 'campaigns', 'tokens']));
    for (const namespace of [...screenNamespaces, 'cubes'])
      for (const language of ['en', 'es'])
        expect({ namespace, language, title: texts(language, namespace).createTitle }).toEqual({
          namespace,
          language,
          title: expect.stringMatching(/\S/),
        });
  });

  it('a tag’s says “New tag”', async () => {
    signIn(fakeApi().get('/tags/', pagedList([])));
    const { user } = await renderScreen(<TagsPage />, { path: '/tags_management' });
    await user.click(screen.getByRole('button', { name: 'New' }));
    expect(screen.getByRole('dialog', { name: 'New tag' })).toBeVisible();
  });

  it('a tag’s says “Nueva etiqueta” in Spanish', async () => {
    signIn(fakeApi().get('/tags/', pagedList([])));
    const { user } = await renderScreen(<TagsPage />, { path: '/tags_management', language: 'es' });
    await user.click(screen.getByRole('button', { name: 'Nuevo' }));
    expect(screen.getByRole('dialog', { name: 'Nueva etiqueta' })).toBeVisible();
  });

  it('a token’s says what it generates', async () => {
    signIn(fakeApi().get('/tokens', { list: [] }).get('/tokens/', { list: [] }));
    const { user } = await renderScreen(<TokensPage />, { path: '/tokens' });
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(screen.getByRole('dialog', { name: 'Generate a token' })).toBeVisible();
  });

  it('a campaign’s form is headed “Nueva campaña” in Spanish', async () => {
    signIn(fakeApi().get('/api/campaigns-management/', pagedList([])));
    await renderScreen(<CampaignsPage />, {
      path: '/campaigns_management',
      at: '/campaigns_management?id=new',
      language: 'es',
    });
    expect(await screen.findByRole('heading', { name: 'Nueva campaña' })).toBeInTheDocument();
  });
});
