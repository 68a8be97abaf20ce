import { jest } from '@jest/globals';
import {
  DEFAULT_ACK_WAIT_MS,
  DEFAULT_MAX_DELIVER,
  afterFailure,
  keepWorking,
  redeliveryPolicy,
  serviceConfig,
} from '../../src/index.js';

describe('the redelivery policy', () => {
  test.each([1000, 1500, 7001, DEFAULT_ACK_WAIT_MS, 600_000])(
    'when the ack wait is %i ms, then a crashed holder’s lease has run out a quarter of it before JetStream redelivers',
    (ackWaitMs) => {
      const { heartbeatMs, leaseMs } = redeliveryPolicy({ ackWaitMs });
      // The holder's last heartbeat is at most heartbeatMs before it died, its last renewal at most when it died:
      // the redelivery comes ackWaitMs after the heartbeat, the lease runs out leaseMs after the renewal.
      expect(ackWaitMs - heartbeatMs - leaseMs).toBeGreaterThanOrEqual(Math.floor(ackWaitMs / 4));
      expect(heartbeatMs).toBeGreaterThan(0);
    },
  );

  test('when a service uses the defaults, then its messages survive two crashes and a failure before they are dead-lettered', () => {
    const policy = redeliveryPolicy({ ackWaitMs: serviceConfig('any', 0).parse({}).EVENT_ACK_WAIT_MS });
    expect(policy).toMatchObject({ ackWaitMs: 30_000, heartbeatMs: 7500, leaseMs: 15_000, waitMs: 30_000 });
    expect(policy.maxDeliver).toBe(DEFAULT_MAX_DELIVER);
    // Two deliveries lost to crashes and one to a failure still leave a delivery that is not the last.
    expect(afterFailure(3, policy.maxDeliver, policy.backoffMs)).toEqual({ action: 'retry', delayMs: 15_000 });
  });

  test.each([
    [{ maxDeliver: 2 }, /maxDeliver: must be a whole number, at least 3/],
    [{ ackWaitMs: 500 }, /ackWaitMs: must be a whole number of milliseconds, at least 1000/],
    [{ ackWaitMs: 1500.5 }, /ackWaitMs/],
    [{ backoffMs: [] }, /backoffMs/],
    [{ backoffMs: [1000, -1] }, /backoffMs/],
  ])('when a consumer is given %j, then it is refused with the reason', (options, reason) => {
    expect(() => redeliveryPolicy(options)).toThrow(reason);
  });

  test('when EVENT_ACK_WAIT_MS is below a second, then the configuration is refused', () => {
    expect(serviceConfig('any', 0).safeParse({ EVENT_ACK_WAIT_MS: '999' }).success).toBe(false);
    expect(serviceConfig('any', 0).parse({ EVENT_ACK_WAIT_MS: '1500' }).EVENT_ACK_WAIT_MS).toBe(1500);
  });

  test('when a handler runs, then JetStream hears it is working at once and every quarter ack wait, until it ends or is stuck', () => {
    jest.useFakeTimers();
    try {
      const policy = redeliveryPolicy({ ackWaitMs: 1000 });
      let beats = 0;
      const msg = { working: () => void (beats += 1) };
      const stop = keepWorking(msg, policy);
      expect(beats).toBe(1);
      jest.advanceTimersByTime(1000);
      expect(beats).toBe(5);
      stop();
      jest.advanceTimersByTime(5000);
      expect(beats).toBe(5);

      // A handler that never ends is let go after ten ack waits: its message is redelivered, in the end dead-lettered.
      beats = 0;
      keepWorking(msg, policy);
      jest.advanceTimersByTime(60_000);
      expect(beats).toBeGreaterThanOrEqual(40);
      expect(beats).toBeLessThanOrEqual(41);
    } finally {
      jest.useRealTimers();
    }
  });
});
