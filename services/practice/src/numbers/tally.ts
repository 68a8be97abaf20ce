// Practice's own tally of what payments and ai-query tell the stream, for the console's numbers: one document per
// fact, whose `_id` is the fact's own identity (a payment intent paid, a refund, an invoice paid, an answer's
// event id). A fact is counted by inserting it: a redelivered event, or the same payment announced again under
// another event id, meets a duplicate key and counts nothing more. That is why the tally is kept so and not as
// counters: an increment after a crash mid-message would count twice (FerretDB has no multi-document
// transactions to tie an "already seen" mark to it), an insert cannot.
//
// Each fact carries its day and month on the practice's calendar, so every question the numbers ask is an
// equality on an indexed field (FerretDB uses an index for equality, not for ranges: DESIGN.md). Answers and
// crises are kept CHAT_KEEP_DAYS (the week's count needs seven); money facts a year and a quarter (a month's
// revenue, and the year around it for an operator).
import type { Collection, Connection } from 'mongoose';
import { isDuplicateKeyError } from '@hhp/kit';
import type { RevenuePlan } from '@hhp/proto';
import { calendarDate } from './periods.js';

export type FactKind = 'money' | 'answer' | 'crisis';

export interface FactDoc {
  _id: string;
  kind: FactKind;
  /** The practice's calendar date and month of the fact ("2026-11-27", "2026-11"). */
  day: string;
  month: string;
  /** When it happened (the event's occurredAt). */
  at: Date;
  /** Money: the plan, and the cents (a refund negative). */
  plan?: RevenuePlan;
  cents?: number;
}

export interface MoneyFact {
  day: string;
  plan: RevenuePlan;
  cents: number;
}

const CHAT_KEEP_DAYS = 14;
const MONEY_KEEP_DAYS = 460;
const DAY_MS = 86_400_000;

export class Tally {
  private readonly facts: Collection<FactDoc>;

  constructor(
    connection: Connection,
    private readonly timeZone: string,
  ) {
    this.facts = connection.collection<FactDoc>('tally');
  }

  async createIndexes(): Promise<void> {
    // One at a time: FerretDB 1.24 panics (and drops the connection) on a createIndexes of two or more indexes
    // that exist already, i.e. at every start after the first.
    await this.facts.createIndex({ kind: 1, day: 1 });
    await this.facts.createIndex({ kind: 1, month: 1 });
  }

  /** Counts a fact once: `false` when it was counted before (a redelivery, a second announcement). */
  async record(id: string, kind: FactKind, at: Date, money?: { plan: RevenuePlan; cents: number }): Promise<boolean> {
    const day = calendarDate(at, this.timeZone);
    try {
      await this.facts.insertOne({ _id: id, kind, day, month: day.slice(0, 7), at, ...money });
      return true;
    } catch (err) {
      if (isDuplicateKeyError(err)) return false;
      throw err;
    }
  }

  /** The plan a payment was counted under (a refund of it is counted under the same). */
  async planOf(id: string): Promise<RevenuePlan | undefined> {
    return (await this.facts.findOne({ _id: id }, { projection: { plan: 1 } }))?.plan;
  }

  /** How many facts of `kind` on each of `days`. */
  async countPerDay(kind: Exclude<FactKind, 'money'>, days: string[]): Promise<{ date: string; count: number }[]> {
    return Promise.all(
      days.map(async (date) => ({ date, count: await this.facts.countDocuments({ kind, day: date }) })),
    );
  }

  /** Every money fact of the months `months` ("2026-11"). */
  async moneyIn(months: string[]): Promise<MoneyFact[]> {
    const found = await Promise.all(
      [...new Set(months)].map((month) =>
        this.facts.find({ kind: 'money', month }, { projection: { _id: 0, day: 1, plan: 1, cents: 1 } }).toArray(),
      ),
    );
    return found.flat().map(({ day, plan, cents }) => ({ day, plan: plan ?? 'other', cents: cents ?? 0 }));
  }

  /** Forgets answers and crises past CHAT_KEEP_DAYS and money past MONEY_KEEP_DAYS (FerretDB has no TTL index). */
  async purge(now: Date): Promise<void> {
    await Promise.all([
      this.facts.deleteMany({
        kind: { $in: ['answer', 'crisis'] },
        at: { $lt: new Date(now.getTime() - CHAT_KEEP_DAYS * DAY_MS) },
      }),
      this.facts.deleteMany({ kind: 'money', at: { $lt: new Date(now.getTime() - MONEY_KEEP_DAYS * DAY_MS) } }),
    ]);
  }
}
