import type { AnyRecord, MxRecord, SoaRecord, SrvRecord } from 'node:dns';

const maxAnswers = 64;
const maxAnswerLength = 512;

const mx = (record: MxRecord) => `${record.priority} ${record.exchange}`;
const srv = (record: SrvRecord) => `${record.priority} ${record.weight} ${record.port} ${record.name}`;
const soa = (record: SoaRecord) =>
  [record.nsname, record.hostmaster, record.serial, record.refresh, record.retry, record.expire, record.minttl].join(
    ' ',
  );

/** One record of an ANY answer, its type first: `A 192.0.2.1`, `MX 10 mail.example.com`. */
function anyRecord(record: AnyRecord): string {
  switch (record.type) {
    case 'A':
    case 'AAAA':
      return `${record.type} ${record.address}`;
    case 'CNAME':
    case 'NS':
    case 'PTR':
      return `${record.type} ${record.value}`;
    case 'MX':
      return `MX ${mx(record)}`;
    case 'SRV':
      return `SRV ${srv(record)}`;
    case 'SOA':
      return `SOA ${soa(record)}`;
    case 'TXT':
      return `TXT ${record.entries.join('')}`;
    default:
      return `${(record as { type: string }).type} ${JSON.stringify(record)}`;
  }
}

/** A resolver's answer (as `Resolver.resolve` gives it for `recordType`) as the measurement's strings, one a record. */
export function answerStrings(recordType: string, answer: unknown): string[] {
  const records = Array.isArray(answer) ? answer : [answer];
  const text = records.map((record): string => {
    if (typeof record === 'string') return record;
    switch (recordType) {
      case 'MX':
        return mx(record as MxRecord);
      case 'SRV':
        return srv(record as SrvRecord);
      case 'SOA':
        return soa(record as SoaRecord);
      case 'TXT':
        return (record as string[]).join('');
      case 'ANY':
        return anyRecord(record as AnyRecord);
      default:
        return JSON.stringify(record);
    }
  });
  return text.slice(0, maxAnswers).map((answerText) => answerText.slice(0, maxAnswerLength));
}
