// Slots in a NATS JetStream key-value bucket: JetStream refuses to create a key that holds a value, so the
// server alone decides who gets a slot, and a delete conditioned on the revision a take wrote leaves alone a
// slot taken over since. Every operation is a point operation on one key, answered in the same time at 1k or
// 100k keys (BENCHMARKS.md, "The quota store"): the store for hot counters. The bucket's age limit drops old
// slots, so nothing has to sweep them.
import { JetStreamApiCodes, JetStreamApiError } from '@nats-io/jetstream';
import { Kvm, type KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Histogram } from 'prom-client';
import type { SlotHolder, SlotStore } from './slot-store.js';

export interface KvSlotStoreOptions {
  bucket: string;
  /** The bucket's age limit: a slot goes by itself this long after it was written. */
  keepMs: number;
  /** The bucket's replicas (1 on one server; 3 in a JetStream cluster). */
  replicas?: number;
  /** Observes how long each request to the bucket takes, by operation (create, get, delete). */
  latency?: Pick<Histogram<'operation'>, 'startTimer'>;
}

/** JetStream's answer to a create of a key that holds a value, or to a delete at a revision that is not the last. */
function isTaken(err: unknown): boolean {
  return (
    err instanceof JetStreamApiError &&
    (err.code === JetStreamApiCodes.StreamWrongLastSequence ||
      err.code === JetStreamApiCodes.StreamWrongLastSequenceUnknown)
  );
}

/** A KV key token: letters, digits, `_` and `-` as they are; anything else (`:` of an IPv6 address) as `=xx`. */
export function keyToken(value: string): string {
  return value.replace(/[^A-Za-z0-9_-]/g, (c) => `=${c.codePointAt(0)!.toString(16)}`);
}

export class KvSlotStore implements SlotStore {
  readonly takesInTurn = false;

  private constructor(
    private readonly kv: KV,
    private readonly latency: KvSlotStoreOptions['latency'],
  ) {}

  /** Opens the bucket, creating it (or updating its limits) first. */
  static async open(nc: NatsConnection, options: KvSlotStoreOptions): Promise<KvSlotStore> {
    const kv = await new Kvm(nc).create(options.bucket, {
      history: 1,
      ttl: options.keepMs,
      replicas: options.replicas ?? 1,
    });
    return new KvSlotStore(kv, options.latency);
  }

  async create(slot: string, owner: string): Promise<number | undefined> {
    try {
      return await this.timed('create', () => this.kv.create(slot, owner));
    } catch (err) {
      if (isTaken(err)) return undefined;
      throw err;
    }
  }

  async holder(slot: string): Promise<SlotHolder | undefined> {
    const entry = await this.timed('get', () => this.kv.get(slot));
    return entry?.operation === 'PUT' ? { owner: entry.string(), revision: entry.revision } : undefined;
  }

  /** A bucket's revision names one write: deleted only while the slot is still at it. */
  async delete(slot: string, _owner: string, revision: number): Promise<boolean> {
    try {
      await this.timed('delete', () => this.kv.delete(slot, { previousSeq: revision }));
      return true;
    } catch (err) {
      if (isTaken(err)) return false;
      throw err;
    }
  }

  /** One request to the bucket, timed (refused ones too: a taken slot's answer is the store's work as well). */
  private timed<T>(operation: 'create' | 'get' | 'delete', request: () => Promise<T>): Promise<T> {
    if (!this.latency) return request();
    const done = this.latency.startTimer({ operation });
    return request().finally(() => done());
  }
}
