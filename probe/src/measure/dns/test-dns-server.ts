import { createSocket } from 'node:dgram';

// A DNS server for the tests, on UDP loopback: it answers from a zone of A and TXT records (RFC 1035's wire format),
// NXDOMAIN for a name it does not know, and the response code or the silence a name asks for.

export type TestZoneEntry = { A?: string[]; TXT?: string[] } | 'SERVFAIL' | 'REFUSED' | 'silence';

const rcodes = { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3, REFUSED: 5 } as const;
const types = { A: 1, TXT: 16, ANY: 255 } as const;

/** The question's name (lowercase), type and where the question ends. */
function readQuestion(query: Buffer) {
  const labels: string[] = [];
  let offset = 12;
  while (query[offset]! > 0) {
    const length = query[offset]!;
    labels.push(query.subarray(offset + 1, offset + 1 + length).toString('ascii'));
    offset += length + 1;
  }
  return { name: labels.join('.').toLowerCase(), type: query.readUInt16BE(offset + 1), end: offset + 5 };
}

/** A resource record whose name points at the question's (offset 12). */
function record(type: number, data: Buffer): Buffer {
  const header = Buffer.alloc(12);
  header.writeUInt16BE(0xc00c, 0);
  header.writeUInt16BE(type, 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt32BE(60, 6);
  header.writeUInt16BE(data.length, 10);
  return Buffer.concat([header, data]);
}

const aRecord = (address: string) => record(types.A, Buffer.from(address.split('.').map(Number)));
const txtRecord = (text: string) => record(types.TXT, Buffer.concat([Buffer.from([text.length]), Buffer.from(text)]));

function answer(query: Buffer, zone: Record<string, TestZoneEntry>): Buffer | undefined {
  const question = readQuestion(query);
  const entry = zone[question.name];
  if (entry === 'silence') return undefined;
  const records =
    typeof entry === 'object'
      ? [
          ...(question.type === types.A || question.type === types.ANY ? (entry.A ?? []).map(aRecord) : []),
          ...(question.type === types.TXT || question.type === types.ANY ? (entry.TXT ?? []).map(txtRecord) : []),
        ]
      : [];
  const rcode = entry === undefined ? rcodes.NXDOMAIN : typeof entry === 'string' ? rcodes[entry] : rcodes.NOERROR;
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2);
  // QR, the query's opcode and RD, AA, RA and the response code.
  header.writeUInt16BE(0x8000 | (query.readUInt16BE(2) & 0x7900) | 0x0400 | 0x0080 | rcode, 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(records.length, 6);
  return Buffer.concat([header, query.subarray(12, question.end), ...records]);
}

export async function startTestDnsServer(zone: Record<string, TestZoneEntry>) {
  const socket = createSocket('udp4');
  socket.on('message', (query, client) => {
    const response = answer(query, zone);
    if (response) socket.send(response, client.port, client.address);
  });
  await new Promise<void>((bound) => socket.bind(0, '127.0.0.1', bound));
  return {
    port: socket.address().port,
    close: () => new Promise<void>((closed) => socket.close(() => closed())),
  };
}
