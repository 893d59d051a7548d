import {
  type ErrorCode,
  emptyEntity,
  evolveEntity,
  type FileRecord,
  isErrorCode,
  type Language,
  translate,
  type UserFields,
} from '@nq/contracts';
import { streamIdOf } from '@nq/platform/entities/entity-decider';
import type { EventStore } from '@nq/platform/event-store/event-store-port';
import { narrowingSentence } from '../analytics/index.ts';
import { userEntity } from '../users/index.ts';

// The e-mail that tells a file's owner it has ended (docs/product/README.md: the download link is e-mailed). It
// links to the files screen, which downloads the file after sign-in: a signed download link lives minutes, a mail is
// read later.

const texts = {
  en: {
    readySubject: (name: string) => `Your file ${name} is ready`,
    ready: (name: string) => `Your file ${name} is ready. Download it here (sign in first if you are asked to):`,
    failedSubject: (name: string) => `Your file ${name} could not be generated`,
    failed: (name: string) => `Your file ${name} could not be generated.`,
    retry: 'You can retry it from the files screen:',
  },
  es: {
    readySubject: (name: string) => `Tu archivo ${name} está listo`,
    ready: (name: string) => `Tu archivo ${name} está listo. Descárgalo aquí (inicia sesión si se te pide):`,
    failedSubject: (name: string) => `No se ha podido generar tu archivo ${name}`,
    failed: (name: string) => `No se ha podido generar tu archivo ${name}.`,
    retry: 'Puedes reintentarlo desde la pantalla de archivos:',
  },
} as const;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** The console's files screen, and the address that downloads one file from it once signed in. */
export const filesScreenUrl = (publicUrl: string, downloadId?: string) =>
  `${publicUrl.replace(/\/+$/, '')}/files_management${downloadId ? `?download=${encodeURIComponent(downloadId)}` : ''}`;

/** The message telling that a ready or errored file has ended, in the owner's language. */
export function fileEndedMessage(file: FileRecord, language: Language, publicUrl: string) {
  const text = texts[language];
  if (file.status === 'ready') {
    const link = filesScreenUrl(publicUrl, file.id);
    const body = text.ready(file.name);
    // What the owner's profile narrowed the content by, where a person reads it (a CSV has no room for it).
    const narrowed = file.narrowedBy ? narrowingSentence(file.narrowedBy, language) : undefined;
    return {
      subject: text.readySubject(file.name),
      text: `${body}\n${narrowed ? `${narrowed}\n` : ''}\n${link}\n`,
      html: `<p>${escapeHtml(body)}${narrowed ? `<br>${escapeHtml(narrowed)}` : ''}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    };
  }
  const link = filesScreenUrl(publicUrl);
  const code: ErrorCode = file.errorCode && isErrorCode(file.errorCode) ? file.errorCode : 'files.generationFailed';
  const reason = translate(code, language);
  const body = text.failed(file.name);
  return {
    subject: text.failedSubject(file.name),
    text: `${body}\n${reason}\n\n${text.retry}\n${link}\n`,
    html: `<p>${escapeHtml(body)}<br>${escapeHtml(reason)}</p><p>${escapeHtml(text.retry)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
  };
}

/** Where and in which language to write to a user: undefined for a user that no longer exists. */
export async function userContact(eventStore: EventStore, userId: string) {
  const events = await eventStore.readStream(streamIdOf(userEntity, userId));
  const user = events.reduce(evolveEntity, emptyEntity);
  if (user.status !== 'active') return undefined;
  const fields = user.fields as Partial<UserFields>;
  if (!fields.email) return undefined;
  return { email: fields.email, language: fields.preferredLanguage ?? 'en' };
}
