/** The connection variables whose values only make sense together (each one already valid on its own). */
interface ConnectionVariables {
  DATABASE_URL: string;
  DATABASE_CA_FILE?: string | undefined;
  KAFKA_SASL_MECHANISM?: string | undefined;
  KAFKA_SASL_USERNAME?: string | undefined;
  KAFKA_SASL_PASSWORD?: string | undefined;
  KAFKA_TLS: 'true' | 'false';
  KAFKA_TLS_CA_FILE?: string | undefined;
  ELASTICSEARCH_URL: string;
  ELASTICSEARCH_API_KEY?: string | undefined;
  ELASTICSEARCH_USERNAME?: string | undefined;
  ELASTICSEARCH_PASSWORD?: string | undefined;
  ELASTICSEARCH_CA_FILE?: string | undefined;
}

/**
 * The sslmode values node-postgres can honour: it cannot fall back from TLS to a plain connection, so libpq's
 * `allow` and `prefer` would silently mean something else.
 */
export const postgresSslModes = ['disable', 'require', 'verify-ca', 'verify-full'] as const;

function databaseProblems({ DATABASE_URL, DATABASE_CA_FILE }: ConnectionVariables): string[] {
  const params = new URL(DATABASE_URL).searchParams;
  const sslMode = params.get('sslmode');
  const problems: string[] = [];
  if (sslMode !== null && !(postgresSslModes as readonly string[]).includes(sslMode))
    problems.push(`DATABASE_URL: sslmode must be one of ${postgresSslModes.join(', ')} (got '${sslMode}')`);
  for (const file of ['sslrootcert', 'sslcert', 'sslkey'])
    if (params.has(file)) problems.push(`DATABASE_URL: ${file} is not read; give the CA in DATABASE_CA_FILE`);
  if (DATABASE_CA_FILE && (sslMode === null || sslMode === 'disable'))
    problems.push('DATABASE_CA_FILE: needs sslmode=verify-full, verify-ca or require in DATABASE_URL');
  return problems;
}

function kafkaProblems(v: ConnectionVariables): string[] {
  const sasl = [
    ['KAFKA_SASL_MECHANISM', v.KAFKA_SASL_MECHANISM],
    ['KAFKA_SASL_USERNAME', v.KAFKA_SASL_USERNAME],
    ['KAFKA_SASL_PASSWORD', v.KAFKA_SASL_PASSWORD],
  ] as const;
  const missing = sasl.filter(([, value]) => !value).map(([name]) => name);
  const problems =
    missing.length > 0 && missing.length < sasl.length
      ? [`${missing.join(', ')}: must be set with the other KAFKA_SASL_ variables`]
      : [];
  if (v.KAFKA_TLS_CA_FILE && v.KAFKA_TLS !== 'true') problems.push('KAFKA_TLS_CA_FILE: needs KAFKA_TLS=true');
  return problems;
}

function elasticsearchProblems(v: ConnectionVariables): string[] {
  const problems: string[] = [];
  if (v.ELASTICSEARCH_USERNAME && !v.ELASTICSEARCH_PASSWORD)
    problems.push('ELASTICSEARCH_PASSWORD: must be set with ELASTICSEARCH_USERNAME');
  if (v.ELASTICSEARCH_PASSWORD && !v.ELASTICSEARCH_USERNAME)
    problems.push('ELASTICSEARCH_USERNAME: must be set with ELASTICSEARCH_PASSWORD');
  if (v.ELASTICSEARCH_API_KEY && v.ELASTICSEARCH_USERNAME)
    problems.push('ELASTICSEARCH_API_KEY: give either it or ELASTICSEARCH_USERNAME and ELASTICSEARCH_PASSWORD');
  if (v.ELASTICSEARCH_CA_FILE && !v.ELASTICSEARCH_URL.startsWith('https:'))
    problems.push('ELASTICSEARCH_CA_FILE: needs an https ELASTICSEARCH_URL');
  return problems;
}

/** What is wrong with the connection variables taken together, one message per problem naming the variable. */
export const connectionProblems = (v: ConnectionVariables): string[] => [
  ...databaseProblems(v),
  ...kafkaProblems(v),
  ...elasticsearchProblems(v),
];
