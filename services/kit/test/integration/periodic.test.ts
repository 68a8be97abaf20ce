import { Writable } from 'node:stream';
import { pino } from 'pino';
import { startService, type PeriodicTask } from '../../src/index.js';
import { testConfig } from './harness.js';

const config = () => testConfig('kit-every-test', 'kit-every');

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A logger whose lines the test reads back. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

const startWith = (every: PeriodicTask[], logger = pino({ level: 'silent' })) =>
  startService({ name: 'kit-every-test', config: config(), logger, setup: () => ({ routers: [], every }) });

describe('periodic tasks', () => {
  test('when a run takes longer than the period, then runs never overlap', async () => {
    let active = 0;
    let most = 0;
    let runs = 0;
    const service = await startWith([
      {
        name: 'slow',
        everyMs: 10,
        run: async () => {
          active += 1;
          most = Math.max(most, active);
          await delay(40);
          active -= 1;
          runs += 1;
        },
      },
    ]);
    // Until three runs have ended (each four periods long), however slow the machine: then none overlapped.
    for (let waited = 0; runs < 3 && waited < 10_000; waited += 20) await delay(20);
    await service.close();
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(most).toBe(1);
  });

  test('when a run throws, then the error is logged and the task runs again', async () => {
    const { logger, lines } = capturedLogger();
    let runs = 0;
    const service = await startWith(
      [
        {
          name: 'flaky',
          everyMs: 20,
          run: () => {
            runs += 1;
            throw new Error('sweeper broke');
          },
        },
      ],
      logger,
    );
    await delay(150);
    await service.close();
    expect(runs).toBeGreaterThanOrEqual(3);
    const failures = lines.filter((line) => line.task === 'flaky' && line.level === 50);
    expect(failures.length).toBe(runs);
    expect((failures[0]!.err as { message: string }).message).toBe('sweeper broke');
  });

  test('when the service stops during a run, then the run is aborted and awaited, and no run starts after', async () => {
    let runs = 0;
    let finished = 0;
    let sawAbort = false;
    const service = await startWith([
      {
        name: 'long',
        everyMs: 10,
        runAtStart: true,
        run: async (signal) => {
          runs += 1;
          await new Promise<void>((resolve) => {
            signal.addEventListener('abort', () => {
              sawAbort = true;
              setTimeout(resolve, 50);
            });
          });
          finished += 1;
        },
      },
    ]);
    await delay(50);
    await service.close();
    // close() returned only after the run in progress had ended.
    expect([runs, finished, sawAbort]).toEqual([1, 1, true]);
    await delay(100);
    expect(runs).toBe(1);
  });
});
