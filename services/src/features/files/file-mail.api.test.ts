import { randomUUID } from 'node:crypto';
import { translate } from '@nq/contracts';
import { linksIn, type ReceivedMail } from '@nq/platform/testing/received-mail';
import { startTestSmtpServer, type TestSmtpServer } from '@nq/platform/testing/test-smtp-server';
import { waitFor } from '@nq/platform/testing/wait-for';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyLayer, openTestApi, type TestApi } from '../../testing/test-api.ts';
import { type FileRecords, fileRecords } from './file-records.ts';
import { testCsvJob, testCsvKind } from './test-file-job.fixture.ts';

const PUBLIC_URL = 'http://console.test';

describe('the e-mail telling a file has ended', { timeout: 60_000 }, () => {
  let api: TestApi;
  let smtp: TestSmtpServer;
  let records: FileRecords;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    api = await openTestApi(
      { MAIL_ADAPTER: 'smtp', SMTP_URL: smtp.url, MAIL_RETRY_SECONDS: '0.2', PUBLIC_URL },
      { jobs: [testCsvJob] },
    );
    records = fileRecords(api.platform);
  }, 120_000);
  afterAll(async () => {
    await api?.raw.close();
    await smtp?.close();
  });

  /** A user working under their own profile, writing in the language given. */
  async function owner(name: string, preferredLanguage: 'en' | 'es') {
    const metadata = () => ({
      actor: { userId: 'test-setup', profileId: 'test-admin' },
      commandId: randomUUID(),
      correlationId: randomUUID(),
      now: new Date(),
    });
    await api
      .service('profile')
      .execute({ type: 'create', id: name, fields: { name, layers: everyLayer } }, metadata());
    const email = `${name}@test.nq`;
    await api
      .service('user')
      .execute(
        { type: 'create', id: `user-${name}`, fields: { email, profiles: [name], preferredLanguage } },
        metadata(),
      );
    return { owner: { userId: `user-${name}`, profileId: name }, email };
  }

  const request = (who: { userId: string; profileId: string }, payload: { rows: number; fail?: 'firstRun' }) =>
    records.request({ service: 'csvExtractor', owner: who, name: 'extraction.csv', jobKind: testCsvKind, payload });

  const mailsTo = (email: string) => smtp.messages().filter((mail) => mail.to.includes(email));
  const nthMailTo = async (email: string, count: number): Promise<ReceivedMail> => {
    await waitFor(`${count} mail(s) to ${email}`, async () => mailsTo(email).length >= count);
    return mailsTo(email)[count - 1]!;
  };

  it('sends the owner one e-mail with the file name and a console link that downloads it, even if the job runs again', async () => {
    const { owner: ana, email } = await owner('files-mail-ana', 'en');
    const { file } = await request(ana, { rows: 2 });

    const mail = await nthMailTo(email, 1);
    expect(mail.subject).toBe('Your file extraction.csv is ready');
    expect(mail.text).toContain('extraction.csv');
    expect(linksIn(mail.text)).toEqual([`${PUBLIC_URL}/files_management?download=${file.id}`]);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/files_management?download=${file.id}"`);

    // The same job run once more (at-least-once delivery) and the outbox asked again: no second e-mail.
    const handle = testCsvJob.handler(api.platform);
    const again = await handle(
      { fileId: file.id, rows: 2 },
      { id: file.id, attempt: 1, signal: new AbortController().signal, reportProgress: async () => undefined },
    );
    expect(again).toEqual({ fileId: file.id, skipped: true });
    await records.tellOwner(await records.load(file.id));
    const probe = await owner('files-mail-probe', 'en');
    await request(probe.owner, { rows: 1 });
    await nthMailTo(probe.email, 1); // the dispatcher has delivered what came before it
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('writes in the owner’s language: a failed file says why and where to retry it, its retry sends the link', async () => {
    const { owner: eva, email } = await owner('files-mail-eva', 'es');
    const { file } = await request(eva, { rows: 2, fail: 'firstRun' });

    const failed = await nthMailTo(email, 1);
    expect(failed.subject).toBe('No se ha podido generar tu archivo extraction.csv');
    expect(failed.text).toContain(translate('files.generationFailed', 'es'));
    expect(failed.text).toContain('pantalla de archivos');
    expect(linksIn(failed.text)).toEqual([`${PUBLIC_URL}/files_management`]);

    await records.retry(file.id, eva);
    const ready = await nthMailTo(email, 2);
    expect(ready.subject).toBe('Tu archivo extraction.csv está listo');
    expect(linksIn(ready.text)).toEqual([`${PUBLIC_URL}/files_management?download=${file.id}`]);
  });
});
