import type { FileRecord } from '@nq/contracts';
import { describe, expect, it } from 'vitest';
import { fileEndedMessage } from './file-mail.ts';

// A CSV has no room for prose its parsers would not trip on: the e-mail telling its owner it is ready says what the
// owner's profile narrowed it by.

const ready: FileRecord = {
  id: 'file-0123456789',
  service: 'csvExtractor',
  name: 'extraction-mobile-2026-11-02.csv',
  status: 'ready',
  createdAt: '2026-11-02T09:00:00.000Z',
  endedAt: '2026-11-02T09:01:00.000Z',
  size: 1024,
  attempts: 1,
};
const narrowedBy = {
  restrictions: [
    { kind: 'isp' as const, values: [{ id: 'p-movistar', name: 'Movistar' }] },
    { kind: 'technology' as const, values: [{ id: 4, name: '4G' }] },
  ],
};

describe('the e-mail of a ready file a profile narrowed', () => {
  it("says what the owner's profile narrowed it by, in the owner's language", () => {
    const spanish = fileEndedMessage({ ...ready, narrowedBy }, 'es', 'https://nq.example');
    expect(spanish.text).toContain('Calculado sobre tu perfil: Movistar · 4G');
    expect(spanish.html).toContain('Calculado sobre tu perfil: Movistar · 4G');
    expect(fileEndedMessage({ ...ready, narrowedBy }, 'en', 'https://nq.example').text).toContain(
      'Computed over your profile: Movistar · 4G',
    );
  });

  it('says nothing of the kind for a file no profile narrowed', () => {
    expect(fileEndedMessage(ready, 'en', 'https://nq.example').text).not.toContain('Computed over your profile');
  });
});
