import type { Manifest } from './rendered-manifests.ts';

/**
 * The npm package whose models carry the schema of each API group (kubernetes-models: Kubernetes' own OpenAPI; the
 * others: the operators' CRDs), each compiled with ajv. Every object must find its schema: a kind without one fails.
 */
const modelPackageOf: Record<string, string> = {
  'keda.sh': '@kubernetes-models/keda',
  'kafka.strimzi.io': '@kubernetes-models/strimzi-kafka-operator',
  'elasticsearch.k8s.elastic.co': '@kubernetes-models/elastic-cloud',
  'postgresql.cnpg.io': '@kubernetes-models/cloudnative-pg',
  'monitoring.coreos.com': '@kubernetes-models/prometheus-operator',
};

type Model = new (data: unknown) => { validate(): void };

async function modelOf({ apiVersion, kind }: Manifest): Promise<Model | undefined> {
  const group = apiVersion.includes('/') ? apiVersion.split('/')[0]! : '';
  const modelPackage = modelPackageOf[group] ?? 'kubernetes-models';
  // Each package exports a module per `<apiVersion>/<Kind>`; a kind it does not know has none.
  const module = (await import(`${modelPackage}/${apiVersion}/${kind}`).catch(() => undefined)) as
    | Record<string, Model>
    | undefined;
  return module?.[kind];
}

/** What is wrong with each object against its API's schema, as `Kind/name: problem`; empty when all are valid. */
export async function schemaProblems(objects: Manifest[]): Promise<string[]> {
  const problems: string[] = [];
  for (const object of objects) {
    const where = `${object.kind}/${object.metadata?.name}`;
    const Model = await modelOf(object);
    if (!Model) {
      problems.push(`${where}: no schema for ${object.apiVersion} ${object.kind}`);
      continue;
    }
    try {
      new Model(object).validate();
    } catch (error) {
      problems.push(`${where}: ${(error as Error).message}`);
    }
  }
  return problems;
}
