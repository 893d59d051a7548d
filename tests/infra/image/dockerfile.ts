/** The instructions of a Dockerfile that its image's reproduction follows (tests/infra/image.int.test.ts). */
export type Instruction =
  | { op: 'WORKDIR'; path: string }
  | { op: 'COPY'; from?: string; sources: string[]; destination: string }
  | { op: 'RUN'; command: string }
  | { op: 'ENV'; variables: Record<string, string> }
  | { op: 'USER'; user: string }
  | { op: 'ENTRYPOINT' | 'CMD'; argv: string[] }
  | { op: 'EXPOSE'; ports: string[] };

export interface Stage {
  name?: string;
  image: string;
  instructions: Instruction[];
}

/** Joins continued lines, drops comments and blank lines: one logical instruction per entry. */
function logicalLines(text: string): string[] {
  const lines: string[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    if (/^\s*#/.test(raw) && !pending) continue;
    const continued = raw.endsWith('\\');
    pending += continued ? `${raw.slice(0, -1)} ` : raw;
    if (continued) continue;
    if (pending.trim()) lines.push(pending.trim());
    pending = '';
  }
  return lines;
}

const substitute = (value: string, args: Record<string, string>) =>
  value.replace(/\$\{(\w+)\}|\$(\w+)/g, (whole, braced, bare) => args[braced ?? bare] ?? whole);

/** `KEY=value KEY2="two words"` as Docker's ENV reads it. */
function envVariables(rest: string): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [, name, quoted, plain] of rest.matchAll(/(\w+)=(?:"([^"]*)"|(\S*))/g))
    variables[name!] = quoted ?? plain!;
  return variables;
}

/**
 * The stages of a Dockerfile, in order, with the instructions this reproduction understands; any other instruction
 * (or a form of one it does not follow) throws, so that the reproduction never silently differs from the image.
 */
export function parseDockerfile(text: string): Stage[] {
  const args: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const line of logicalLines(text)) {
    const [, keyword = '', rest = ''] = /^(\w+)\s*(.*)$/.exec(line) ?? [];
    const op = keyword.toUpperCase();
    const stage = stages.at(-1);
    if (op === 'ARG') {
      const [name, value = ''] = rest.split('=');
      args[name!.trim()] = value.trim();
    } else if (op === 'FROM') {
      const [, image, name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(rest) ?? [];
      stages.push({ image: substitute(image!, args), instructions: [], ...(name ? { name } : {}) });
    } else if (!stage) {
      throw new Error(`${op} before any FROM`);
    } else if (op === 'WORKDIR' || op === 'USER') {
      stage.instructions.push(op === 'WORKDIR' ? { op, path: rest } : { op, user: rest });
    } else if (op === 'RUN') {
      stage.instructions.push({ op, command: rest });
    } else if (op === 'ENV') {
      stage.instructions.push({ op, variables: envVariables(rest) });
    } else if (op === 'EXPOSE') {
      stage.instructions.push({ op, ports: rest.split(/\s+/) });
    } else if (op === 'ENTRYPOINT' || op === 'CMD') {
      if (!rest.startsWith('[')) throw new Error(`${op} must have the exec (JSON) form: ${line}`);
      stage.instructions.push({ op, argv: JSON.parse(rest) as string[] });
    } else if (op === 'COPY') {
      const words = rest.split(/\s+/);
      const flags = words.filter((word) => word.startsWith('--'));
      const paths = words.filter((word) => !word.startsWith('--'));
      const unknown = flags.filter((flag) => !flag.startsWith('--from=') && !flag.startsWith('--chown='));
      if (unknown.length > 0 || paths.some((path) => /[*?[]/.test(path)) || paths.length < 2)
        throw new Error(`unsupported COPY: ${line}`);
      const from = flags.find((flag) => flag.startsWith('--from='))?.slice('--from='.length);
      stage.instructions.push({
        op,
        sources: paths.slice(0, -1),
        destination: paths.at(-1)!,
        ...(from ? { from } : {}),
      });
    } else {
      throw new Error(`unsupported instruction: ${line}`);
    }
  }
  return stages;
}
