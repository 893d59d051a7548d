import { describe, expect, it } from 'vitest';
import { idScheme, isCreateScheme, type ScreenMode } from './screen-route.ts';

const read = (scheme: typeof idScheme, search: string) => scheme.read(new URLSearchParams(search));
const modes: ScreenMode[] = [{ kind: 'list' }, { kind: 'create' }, { kind: 'edit', id: 'a1b2-c3' }];

describe('screen routes', () => {
  it('campaigns and clusters: ?id= selects the form, ?id=new a new one, none the list', () => {
    expect(read(idScheme, '')).toEqual({ kind: 'list' });
    expect(read(idScheme, '?id=')).toEqual({ kind: 'list' });
    expect(read(idScheme, '?id=new')).toEqual({ kind: 'create' });
    expect(read(idScheme, '?id=42')).toEqual({ kind: 'edit', id: '42' });
  });

  it('geographic filters: ?id=&isCreate=true creates, ?id= edits', () => {
    expect(read(isCreateScheme, '')).toEqual({ kind: 'list' });
    expect(read(isCreateScheme, '?id=&isCreate=true')).toEqual({ kind: 'create' });
    expect(read(isCreateScheme, '?id=42&isCreate=false')).toEqual({ kind: 'edit', id: '42' });
  });

  it.each([idScheme, isCreateScheme])('reads back every address it writes', (scheme) => {
    for (const mode of modes) expect(read(scheme, scheme.search(mode))).toEqual(mode);
  });
});
