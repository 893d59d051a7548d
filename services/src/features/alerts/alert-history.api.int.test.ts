import { afterAll } from 'vitest';
import { createTestDatabase, distributedEnvironment } from '../../testing/infra.ts';
import { startTestSmtpServer } from '../../testing/test-smtp-server.ts';
import { describeAlertHistoryApi } from './alert-history-api.suite.ts';

const database = await createTestDatabase();
const smtpServer = await startTestSmtpServer();
afterAll(async () => {
  await smtpServer.close();
  await database.drop();
});

describeAlertHistoryApi('distributed (Kafka log, PostgreSQL, Elasticsearch, e-mails to an SMTP server)', async () => ({
  environment: distributedEnvironment(database, { MAIL_ADAPTER: 'smtp', SMTP_URL: smtpServer.url }),
  delivered: async () => smtpServer.messages(),
}));
