import { existsSync, realpathSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';

/**
 * The Java infra.sh would pick for Kafka and Elasticsearch (both run on 17 or 21): NQ_JAVA_HOME, a known JDK, or
 * the one the PATH's `java` links to.
 */
export function javaHome() {
  const candidates = [
    process.env.NQ_JAVA_HOME,
    '/usr/lib/jvm/java-21-openjdk-amd64',
    '/usr/lib/jvm/java-17-openjdk-amd64',
    '/usr/lib/jvm/temurin-21-jdk-amd64',
  ];
  const known = candidates.find((candidate) => candidate && existsSync(join(candidate, 'bin/java')));
  if (known) return known;
  const onPath = (process.env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .map((folder) => join(folder, 'java'))
    .find((file) => existsSync(file));
  if (!onPath) throw new Error('no Java 17 or 21: install openjdk-21-jre-headless or set NQ_JAVA_HOME');
  // /usr/bin/java links (through /etc/alternatives) to <home>/bin/java.
  return dirname(dirname(realpathSync(onPath)));
}
