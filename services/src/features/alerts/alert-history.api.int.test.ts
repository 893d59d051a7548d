import { createTestDatabase, distributedEnvironment } from '@nq/platform/testing/infra';
import { startTestSmtpServer } from '@nq/platform/testing/test-smtp-server';
import { afterAll } from 'vitest';
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
