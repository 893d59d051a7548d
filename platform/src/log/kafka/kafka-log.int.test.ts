import { infra } from '../../testing/infra.ts';
import { describeLogPortContract } from '../log-port.contract.ts';
import { openKafkaLog } from './kafka-log.ts';

describeLogPortContract('kafka (@platformatic/kafka)', () =>
  openKafkaLog({ brokers: infra.kafkaBrokers, clientId: 'contract' }),
);
