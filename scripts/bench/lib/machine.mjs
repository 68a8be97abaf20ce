// How fast the machine passes a message between two processes right now: the latency figures of the
// benchmarks depend on it more than on raw CPU speed (each question crosses eight processes), and on a
// shared virtual machine it changes from hour to hour. Printed beside the results so runs can be compared.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

const ROUND_TRIPS = 5000;

if (process.argv[2] === 'echo') {
  const socket = net.connect(Number(process.argv[3]), '127.0.0.1');
  socket.setNoDelay(true);
  socket.on('data', (data) => socket.write(data));
  socket.on('close', () => process.exit(0));
}

/**
 * One byte to an echoing child process and back over loopback TCP, one at a time: the median round trip
 * in microseconds, and this process's CPU time per round trip (a send, a wake-up and a receive).
 */
export async function loopbackRoundTrip() {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const child = fork(fileURLToPath(import.meta.url), ['echo', String(server.address().port)], { stdio: 'ignore' });
  try {
    const [socket] = await once(server, 'connection');
    socket.setNoDelay(true);
    const times = [];
    const cpu = process.cpuUsage();
    await new Promise((resolve) => {
      let sent = performance.now();
      socket.on('data', () => {
        const now = performance.now();
        times.push(now - sent);
        if (times.length === ROUND_TRIPS) return resolve();
        sent = now;
        socket.write('x');
      });
      socket.write('x');
    });
    const { user, system } = process.cpuUsage(cpu);
    socket.destroy();
    times.sort((a, b) => a - b);
    return { p50Us: times[ROUND_TRIPS / 2] * 1000, cpuUsPerRoundTrip: (user + system) / ROUND_TRIPS };
  } finally {
    child.kill();
    server.close();
  }
}

/** e.g. "loopback round trip between two processes (…): p50 118 µs, 62 µs of CPU on each side" */
export async function describeMachine() {
  const { p50Us, cpuUsPerRoundTrip } = await loopbackRoundTrip();
  return `loopback round trip between two processes (scripts/bench/lib/machine.mjs): p50 ${p50Us.toFixed(0)} µs, ${cpuUsPerRoundTrip.toFixed(0)} µs of CPU on each side`;
}
