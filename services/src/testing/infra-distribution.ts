import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../..');
const products = { kafka: 'Kafka', elasticsearch: 'Elasticsearch' };

/** The repository's infra.sh, which fetches the distributions and knows where Elasticsearch can run from. */
export const infraScript = join(root, 'deploy/infra/infra.sh');

/**
 * Where `deploy/infra/infra.sh fetch` unpacked a product, at the version deploy/infra/versions.env pins (the same
 * variables and folder infra.sh reads, so a private server runs what the shared one does).
 */
export function fetchedDistribution(product: keyof typeof products) {
  const versions = readFileSync(join(root, 'deploy/infra/versions.env'), 'utf8');
  const version = new RegExp(`^${product.toUpperCase()}_VERSION=(\\S+)$`, 'm').exec(versions)?.[1];
  if (!version) throw new Error(`no ${product.toUpperCase()}_VERSION in deploy/infra/versions.env`);
  const home = join(process.env.NQ_INFRA_CACHE ?? join(root, '.cache/infra'), `${product}-${version}`);
  // infra.sh touches .complete last: a folder without it is a download or unzip that was cut short.
  if (!existsSync(join(home, '.complete')))
    throw new Error(`no ${products[product]} ${version} in ${home}: run \`bash deploy/infra/infra.sh fetch\` first`);
  return home;
}
