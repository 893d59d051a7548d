import ipaddr from 'ipaddr.js';

// A DNS message in its wire format (RFC 1035 §4.1): a 12-byte header, the questions, then the answers. RIPE Atlas
// gives the answer as sent (`abuf`, base64); what a measurement keeps of it is its response code and its answers.

const responseCodes = [
  'NOERROR',
  'FORMERR',
  'SERVFAIL',
  'NXDOMAIN',
  'NOTIMP',
  'REFUSED',
  'YXDOMAIN',
  'YXRRSET',
  'NXRRSET',
  'NOTAUTH',
  'NOTZONE',
];
const recordTypes: Record<number, string> = {
  1: 'A',
  2: 'NS',
  5: 'CNAME',
  6: 'SOA',
  12: 'PTR',
  15: 'MX',
  16: 'TXT',
  28: 'AAAA',
  33: 'SRV',
};
const HEADER_BYTES = 12;
/** Compression pointers followed at most, so that a message pointing in a loop ends. */
const MAX_POINTERS = 32;

class Truncated extends Error {
  override name = 'Truncated';
}

function reader(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const need = (at: number, count: number) => {
    if (at + count > bytes.length) throw new Truncated();
  };
  const u16 = (at: number) => {
    need(at, 2);
    return view.getUint16(at);
  };
  const u32 = (at: number) => {
    need(at, 4);
    return view.getUint32(at);
  };
  /** A name at `at`, and where what follows it starts. */
  function name(at: number): { text: string; next: number } {
    const labels: string[] = [];
    let cursor = at;
    let next: number | undefined;
    for (let pointers = 0; ; ) {
      need(cursor, 1);
      const length = bytes[cursor]!;
      if (length === 0) break;
      if ((length & 0xc0) === 0xc0) {
        if (++pointers > MAX_POINTERS) throw new Truncated();
        next ??= cursor + 2;
        cursor = u16(cursor) & 0x3fff;
        continue;
      }
      need(cursor + 1, length);
      labels.push(new TextDecoder().decode(bytes.subarray(cursor + 1, cursor + 1 + length)));
      cursor += 1 + length;
    }
    return { text: `${labels.join('.')}.`, next: next ?? cursor + 1 };
  }
  return { bytes, u16, u32, name, need };
}

type Reader = ReturnType<typeof reader>;

function recordData(message: Reader, type: number, at: number, length: number): string {
  message.need(at, length);
  const data = message.bytes.subarray(at, at + length);
  switch (recordTypes[type]) {
    case 'A':
    case 'AAAA':
      return ipaddr.fromByteArray([...data]).toString();
    case 'NS':
    case 'CNAME':
    case 'PTR':
      return message.name(at).text;
    case 'MX':
      return `${message.u16(at)} ${message.name(at + 2).text}`;
    case 'TXT': {
      const strings: string[] = [];
      for (let cursor = 0; cursor < data.length; cursor += 1 + data[cursor]!)
        strings.push(JSON.stringify(new TextDecoder().decode(data.subarray(cursor + 1, cursor + 1 + data[cursor]!))));
      return strings.join(' ');
    }
    default:
      return `(${length} bytes)`;
  }
}

export interface DnsAnswer {
  rcode: string;
  /** Each answer record as a zone file writes it: `name ttl type data`. */
  answers: string[];
}

/**
 * The response code and answer records of a DNS message (base64); its response code alone when the records cannot be
 * read (a truncated message), nothing when not even its header can.
 */
export function readDnsMessage(base64: string): Partial<DnsAnswer> {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length < HEADER_BYTES) return {};
  const message = reader(bytes);
  const code = message.u16(2) & 0x000f;
  const rcode = responseCodes[code] ?? `RCODE${code}`;
  try {
    let cursor = HEADER_BYTES;
    for (let question = message.u16(4); question > 0; question--) cursor = message.name(cursor).next + 4;
    const answers: string[] = [];
    for (let answer = message.u16(6); answer > 0; answer--) {
      const owner = message.name(cursor);
      const type = message.u16(owner.next);
      const ttl = message.u32(owner.next + 4);
      const length = message.u16(owner.next + 8);
      const data = recordData(message, type, owner.next + 10, length);
      answers.push(`${owner.text} ${ttl} ${recordTypes[type] ?? `TYPE${type}`} ${data}`.slice(0, 512));
      cursor = owner.next + 10 + length;
    }
    return { rcode, answers };
  } catch {
    // A message cut short, or a record whose data does not fit its type (an A record of 5 bytes).
    return { rcode };
  }
}
