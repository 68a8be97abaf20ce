// rpc.content.v1.practice-list: the e-mail list's confirmed addresses (confirmed, and not unsubscribed since:
// the addresses list mail goes to, opt-in.ts's MAILABLE) with their consent records, for the practice's console
// (its admins' table and CSV export). Practice decided who may ask; the request is checked again here with
// proto's schema. A page is at most LIST_RPC_MAX addresses in e-mail order, from an offset (the console's table)
// or after an address (the export walks the list so: each page starts where the last ended, so an address added
// or removed meanwhile shifts nothing).
//
// Why the walks are kept open: on FerretDB every query of the list reads and sorts the whole collection (it uses
// an index for equality only), so a list of 50,000 walked in 50 pages would be sorted 50 times
// (BENCHMARKS.md, "The e-mail list"). A page's cursor is kept open for WALK_IDLE_MS, filed under where the
// next page starts (its last address, or its offset plus its length); the request for that next page
// continues it instead of sorting again. The answer is the same as a fresh query's; a request that finds no
// open walk (another replica answered the page before, the walk lapsed) simply queries afresh.
import { trusted } from 'mongoose';
import type { EventBus } from '@hhp/kit';
import { PracticeListRpcRequest, RpcSubjects, type ListedAddress, type PracticeListRpcResponse } from '@hhp/proto';
import type { SubscriberDocument, SubscriberModel } from './subscriber.model.js';

const CONFIRMED = { confirmedAt: trusted({ $ne: null }), unsubscribedAt: null };
const FIELDS = { _id: 0, email: 1, source: 1, subscribedAt: 1, confirmedAt: 1, consent: 1 } as const;
/** How long a walk's cursor waits for its next page. */
const WALK_IDLE_MS = 60_000;
/** Walks kept open at once (each holds a cursor, and on FerretDB the sorted list, until it lapses). */
const MAX_WALKS = 4;

type Listed = Pick<SubscriberDocument, 'email' | 'source' | 'subscribedAt' | 'confirmedAt' | 'consent'>;

interface Walk {
  /** The list's length when the walk began (counted once per walk: on FerretDB a count reads the whole list too). */
  total?: Promise<number>;
  next: () => Promise<Listed | null>;
  close: () => Promise<void>;
  timer: NodeJS.Timeout;
  /** Where its next page starts: after its last address, and (a walk by offset) at its next offset. */
  keys: string[];
}

const listed = (s: Listed): ListedAddress => ({
  email: s.email,
  source: s.source,
  subscribedAt: s.subscribedAt.toISOString(),
  confirmedAt: s.confirmedAt!.toISOString(),
  consent: (s.consent ?? []).map(({ action, at, via }) => ({ action, at: at.toISOString(), via })),
});

export class ConfirmedList {
  private readonly walks = new Map<string, Walk>();

  constructor(private readonly subscribers: SubscriberModel) {}

  async page({ limit, offset, after, withTotal }: PracticeListRpcRequest): Promise<PracticeListRpcResponse> {
    const from = after === undefined ? `offset:${offset ?? 0}` : `after:${after}`;
    const walk = this.take(from) ?? this.open(after, offset ?? 0);
    if (withTotal !== false) walk.total ??= this.subscribers.countDocuments(CONFIRMED).exec();
    // A count that fails is reported by the answer's own await below; never as unhandled meanwhile.
    walk.total?.catch(() => undefined);
    const docs: Listed[] = [];
    try {
      while (docs.length < limit) {
        const doc = await walk.next();
        if (!doc) break;
        docs.push(doc);
      }
    } catch (err) {
      await walk.close();
      throw err;
    }
    if (docs.length < limit) await walk.close();
    else
      this.keep(walk, [
        `after:${docs.at(-1)!.email}`,
        ...(after === undefined ? [`offset:${(offset ?? 0) + docs.length}`] : []),
      ]);
    const total = withTotal === false ? undefined : await walk.total;
    return { ...(total === undefined ? {} : { total }), addresses: docs.map(listed) };
  }

  /** Closes every open walk (on shutdown). */
  async close(): Promise<void> {
    const open = [...new Set(this.walks.values())];
    this.walks.clear();
    await Promise.all(open.map((w) => w.close()));
  }

  private open(after: string | undefined, offset: number): Walk {
    const filter = after === undefined ? CONFIRMED : { ...CONFIRMED, email: trusted({ $gt: after }) };
    const cursor = this.subscribers
      .find(filter, FIELDS)
      .sort({ email: 1 })
      .skip(offset)
      .lean<Listed[]>()
      .cursor({ batchSize: 1000 });
    return {
      next: () => cursor.next() as Promise<Listed | null>,
      close: () => cursor.close().catch(() => undefined),
      timer: setTimeout(() => undefined, 0),
      keys: [],
    };
  }

  private take(key: string): Walk | undefined {
    const walk = this.walks.get(key);
    if (!walk) return undefined;
    for (const k of walk.keys) this.walks.delete(k);
    clearTimeout(walk.timer);
    return walk;
  }

  private keep(walk: Walk, keys: string[]): void {
    clearTimeout(walk.timer);
    walk.keys = keys;
    walk.timer = setTimeout(() => {
      if (this.take(keys[0]!) === walk) void walk.close();
    }, WALK_IDLE_MS);
    walk.timer.unref();
    for (const key of keys) this.walks.set(key, walk);
    while (new Set(this.walks.values()).size > MAX_WALKS) {
      const [oldest] = this.walks.keys();
      void this.take(oldest!)?.close();
    }
  }
}

export function practiceListReplies(bus: EventBus, subscribers: SubscriberModel) {
  const list = new ConfirmedList(subscribers);
  const replies = bus.reply(RpcSubjects.practiceList, {
    request: PracticeListRpcRequest,
    handler: (request) => list.page(request),
  });
  return {
    drain: async () => {
      await replies.drain();
      await list.close();
    },
  };
}
