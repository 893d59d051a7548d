import { createSocket, type Socket } from 'node:dgram';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readReflectedPacket, senderPacket, wallClockMs } from './twamp-packet.ts';
import { startUdpReflector, type UdpReflector } from './udp-reflector.ts';

/** Sends the datagrams and collects what comes back within `ms`. */
async function exchange(socket: Socket, port: number, datagrams: Buffer[], ms = 300): Promise<Buffer[]> {
  const answers: Buffer[] = [];
  const collect = (answer: Buffer) => answers.push(answer);
  socket.on('message', collect);
  for (const datagram of datagrams) socket.send(datagram, port, '127.0.0.1');
  await new Promise((later) => setTimeout(later, ms));
  socket.off('message', collect);
  return answers;
}

describe('the UDP reflector', () => {
  let reflector: UdpReflector;
  let limited: UdpReflector;
  let socket: Socket;
  beforeAll(async () => {
    reflector = await startUdpReflector({ host: '127.0.0.1', port: 0, maxPacketsPerSecond: 1_000 });
    limited = await startUdpReflector({ host: '127.0.0.1', port: 0, maxPacketsPerSecond: 5 });
  });
  afterAll(async () => {
    await reflector.close();
    await limited.close();
  });
  beforeAll(() => {
    socket = createSocket('udp4');
  });
  afterEach(() => socket.removeAllListeners('message'));
  afterAll(() => socket.close());

  it('answers each test packet with its sequence number, its own, and as many bytes', async () => {
    const answers = await exchange(socket, reflector.port, [
      senderPacket(7, wallClockMs(), 100),
      senderPacket(8, wallClockMs(), 100),
    ]);
    expect(answers.map((answer) => answer.length)).toEqual([100, 100]);
    const read = answers.map((answer) => readReflectedPacket(answer)!);
    expect(read.map((packet) => packet.senderSequence).sort()).toEqual([7, 8]);
    expect(new Set(read.map((packet) => packet.reflectorSequence)).size).toBe(2);
    for (const packet of read) expect(packet.holdMs).toBeGreaterThanOrEqual(0);
  });

  it('answers a packet shorter than its own header with its 41-byte header, and ignores what is no test packet', async () => {
    const answers = await exchange(socket, reflector.port, [senderPacket(1, wallClockMs(), 14), Buffer.alloc(10)]);
    expect(answers.map((answer) => answer.length)).toEqual([41]);
  });

  it('answers no more packets than its rate allows', async () => {
    const packets = Array.from({ length: 20 }, (_, sequence) => senderPacket(sequence, wallClockMs(), 64));
    const answers = await exchange(socket, limited.port, packets);
    expect(answers.length).toBeGreaterThanOrEqual(5);
    expect(answers.length).toBeLessThan(20);
  });
});
