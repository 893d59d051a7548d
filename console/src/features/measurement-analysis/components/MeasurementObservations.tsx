import type { MeasurementDetails } from '@nq/contracts/measurements/measurement';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { Card } from '../../../shared/ui/screens.tsx';
import { FactList } from './FactList.tsx';

type Hop = NonNullable<MeasurementDetails['hops']>[number];

/** The phases of an HTTP exchange in the order they happen; a phase the agent names otherwise follows, as named. */
const timingPhases = ['dns', 'connect', 'tls', 'firstByte', 'total'];

const inPhaseOrder = (timings: Record<string, number>) => Object.entries(timings).sort(([a], [b]) => rank(a) - rank(b));
const rank = (phase: string) => (timingPhases.includes(phase) ? timingPhases.indexOf(phase) : timingPhases.length);

/**
 * What a test observed beyond its KPIs, as its agent or the imported data sent it: HTTP timings, bytes and status,
 * packets sent and answered, segments retransmitted, a DNS answer, a traceroute's hops, the tool and its reference at the source. Nothing
 * when it sent none.
 */
export function MeasurementObservations({ details }: { details: MeasurementDetails | undefined }) {
  const { t } = useTranslation('measurementAnalysis');
  if (!details) return null;
  const number = new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: 3 });
  const milliseconds = (value: number) => t('detail.observed.milliseconds', { value: number.format(value) });
  const timings: [string, ReactNode][] = inPhaseOrder(details.timings ?? {}).map(([phase, value]) => [
    t(`detail.observed.phases.${phase}`, { defaultValue: phase }),
    milliseconds(value),
  ]);
  const counted = (value: number | undefined) => (value === undefined ? undefined : number.format(value));
  const facts = (
    [
      ['bytes', counted(details.bytes)],
      ['httpStatus', details.httpStatus],
      ['sent', counted(details.sent)],
      ['received', counted(details.received)],
      ['retransmits', counted(details.retransmits)],
      ['rcode', details.rcode],
      [
        'answers',
        details.answers &&
          (details.answers.length === 0 ? t('detail.observed.noAnswers') : <AnswerList answers={details.answers} />),
      ],
      ['tool', details.tool],
      ['sourceRef', details.sourceRef && <span data-identifier>{details.sourceRef}</span>],
    ] satisfies [string, ReactNode][]
  )
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([name, value]): [string, ReactNode] => [t(`detail.observed.${name}`), value]);
  const hops = details.hops ?? [];
  if (timings.length === 0 && facts.length === 0 && hops.length === 0) return null;
  return (
    <Card>
      <h2 className="mb-3 text-base font-semibold text-gray-800">{t('detail.observed.title')}</h2>
      <div className="flex flex-col gap-4">
        {timings.length > 0 && <FactList title={t('detail.observed.timings')} facts={timings} />}
        {facts.length > 0 && <FactList facts={facts} />}
        {hops.length > 0 && (
          <section>
            <h3 className="mb-2 text-sm font-semibold text-gray-700">{t('detail.observed.hops')}</h3>
            <DataTable<Hop>
              caption={t('detail.observed.hops')}
              rows={hops}
              rowKey={(hop) => String(hop.hop)}
              columns={[
                { key: 'hop', header: t('detail.observed.hop') },
                {
                  key: 'address',
                  header: t('detail.observed.address'),
                  render: (hop) => hop.address ?? t('detail.observed.noAnswer'),
                },
                {
                  key: 'rtts',
                  header: t('detail.observed.rtts'),
                  render: (hop) => hop.rtts.map(milliseconds).join(' · '),
                },
              ]}
            />
          </section>
        )}
      </div>
    </Card>
  );
}

function AnswerList({ answers }: { answers: readonly string[] }) {
  return (
    <ul className="text-right font-mono text-xs">
      {answers.map((answer, index) => (
        // Records may repeat (two equal A records): their place tells them apart.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
        <li key={index}>{answer}</li>
      ))}
    </ul>
  );
}
