// How a durable consumer's message is held, retried and given up, all derived from one number: the ack wait.
//
// JetStream gives a message to someone else when its holder has said nothing for the ack wait. While a handler
// runs, the bus says "still working" (`msg.working()`) every `heartbeatMs`, so a live holder keeps its message
// however long the work takes; only a holder that stopped (a crash, a kill, a frozen process) loses it. The
// inbox's claim on the message (data/inbox.ts) must then have run out by the time JetStream redelivers, or the
// redelivery is refused and spends a delivery for nothing (issue 25: three of five deliveries were refused
// that way, a 60 s lease behind a 30 s ack wait). So the claim's lease is derived, not chosen: the holder
// renews it while it works, the last renewal is at most the crash, the last heartbeat at most `heartbeatMs`
// before it, and JetStream redelivers `ackWaitMs` after that heartbeat; a lease of
// `ackWaitMs - heartbeatMs - margin` has therefore always run out when the redelivery arrives. A crash costs
// exactly one delivery, and a message survives `maxDeliver - 1` crashes or failures.
//
// Should a delivery still meet a held claim (another delivery of the same key working right now, clocks
// apart), it waits for it in place, heartbeating, for up to one ack wait (`waitMs`): that is not a failure and
// spends no delivery.

import type { JsMsg } from '@nats-io/jetstream';

/** Delays between attempts: 1 s, 5 s, 15 s, then 30 s. */
export const DEFAULT_BACKOFF_MS = [1000, 5000, 15_000, 30_000];
export const DEFAULT_MAX_DELIVER = 5;
/** JetStream's wait for an ack before it redelivers (EVENT_ACK_WAIT_MS). */
export const DEFAULT_ACK_WAIT_MS = 30_000;
/** Below this a garbage-collection pause or a busy event loop could miss a heartbeat of a live holder. */
export const MIN_ACK_WAIT_MS = 1000;
/** A message is tried at least this often: it survives two crashes of its consumer and still gets through. */
export const MIN_MAX_DELIVER = 3;

export interface RedeliveryOptions {
  ackWaitMs?: number;
  maxDeliver?: number;
  backoffMs?: readonly number[];
}

export interface RedeliveryPolicy {
  /** JetStream's ack wait: silence this long and the message is redelivered. */
  ackWaitMs: number;
  /** How often the bus tells JetStream the handler is still working. */
  heartbeatMs: number;
  /**
   * How long it keeps telling it (ten ack waits, 5 min): a handler still running then is stuck (every wait of
   * the portal's is bounded), and its message is let go, to be redelivered and in the end dead-lettered.
   */
  maxWorkMs: number;
  /** The inbox claim's lease for this consumer's messages: run out before any redelivery after a crash. */
  leaseMs: number;
  /** How long a delivery waits for another one that holds the same claim before it gives up (and naks). */
  waitMs: number;
  /** Deliveries of one message before it goes to the dead-letter subject. */
  maxDeliver: number;
  /** Delays after a failed delivery, the last repeated. */
  backoffMs: readonly number[];
}

/** The policy of a consumer; throws when the options could not leave the margin described above. */
export function redeliveryPolicy({
  ackWaitMs = DEFAULT_ACK_WAIT_MS,
  maxDeliver = DEFAULT_MAX_DELIVER,
  backoffMs = DEFAULT_BACKOFF_MS,
}: RedeliveryOptions = {}): RedeliveryPolicy {
  const problems: string[] = [];
  if (!Number.isInteger(ackWaitMs) || ackWaitMs < MIN_ACK_WAIT_MS) {
    problems.push(`ackWaitMs: must be a whole number of milliseconds, at least ${MIN_ACK_WAIT_MS} (not ${ackWaitMs})`);
  }
  if (!Number.isInteger(maxDeliver) || maxDeliver < MIN_MAX_DELIVER) {
    problems.push(`maxDeliver: must be a whole number, at least ${MIN_MAX_DELIVER} (not ${maxDeliver})`);
  }
  if (backoffMs.length === 0 || backoffMs.some((ms) => !Number.isInteger(ms) || ms < 0)) {
    problems.push('backoffMs: must be one or more whole numbers of milliseconds, none negative');
  }
  if (problems.length > 0) throw new Error(`redelivery: ${problems.join('; ')}`);
  const heartbeatMs = Math.floor(ackWaitMs / 4);
  // Half the ack wait: a quarter of it is the heartbeat's, the other quarter the margin for clocks apart
  // (the lease is written by one process's clock and read by another's) and a late timer.
  const leaseMs = Math.floor(ackWaitMs / 2);
  return { ackWaitMs, heartbeatMs, maxWorkMs: 10 * ackWaitMs, leaseMs, waitMs: ackWaitMs, maxDeliver, backoffMs };
}

export type FailureStep = { action: 'retry'; delayMs: number } | { action: 'dead-letter' };

/** What to do after delivery number `deliveryCount` (1-based) of a message failed. */
export function afterFailure(
  deliveryCount: number,
  maxDeliver = DEFAULT_MAX_DELIVER,
  backoffMs: readonly number[] = DEFAULT_BACKOFF_MS,
): FailureStep {
  if (deliveryCount >= maxDeliver) return { action: 'dead-letter' };
  const delayMs = backoffMs[Math.min(deliveryCount - 1, backoffMs.length - 1)] ?? 1000;
  return { action: 'retry', delayMs };
}

/**
 * Tells JetStream at once, and then every `heartbeatMs` for at most `maxWorkMs`, that the message is still
 * being handled, so that it is redelivered only when its holder has stopped (or is stuck); returns what stops
 * the heartbeat.
 */
export function keepWorking(
  msg: Pick<JsMsg, 'working'>,
  { heartbeatMs, maxWorkMs }: Pick<RedeliveryPolicy, 'heartbeatMs' | 'maxWorkMs'>,
): () => void {
  const until = Date.now() + maxWorkMs;
  const beat = () => {
    try {
      msg.working();
    } catch {
      // The connection is gone: the message is redelivered after the ack wait, as after a crash.
    }
  };
  beat();
  const timer = setInterval(() => (Date.now() < until ? beat() : clearInterval(timer)), heartbeatMs);
  timer.unref();
  return () => clearInterval(timer);
}
