// The practice's rules and exceptions, in booking's database. Like the seat claims, every change is an insert
// or a delete decided by a unique `_id`, never a read-then-write: a plan's rule is a new version
// (`availability_rules`, `_id` `<type>|<version>`, the latest read; two edits of one version: one wins, the
// other is told), an exception is a document per plan and date (`availability_exceptions`, `_id`
// `<type>|<date>`: one exception per plan and date). Nothing stored: the catalogue's rules.
import { randomUUID } from 'node:crypto';
import type { Connection, mongo } from 'mongoose';
import { isDuplicateKeyError } from '@hhp/kit';
import { SESSION_TYPES, type SessionType } from '@hhp/proto';
import type { DaySchedule } from '../calendar/calendar.js';
import {
  catalogueRule,
  daySchedule,
  exceptionKey,
  type ExceptionDocument,
  type PlanRule,
  type Rules,
} from './schedule.js';

interface RuleDocument {
  _id: string;
  type: SessionType;
  version: number;
  weekdays: number[];
  times: string[];
  durationMinutes: number;
  by: string;
  at: Date;
}

export interface NewException {
  date: string;
  kind: 'closed' | 'open';
  types: SessionType[];
  times?: string[];
  note: string;
}

const asRule = (doc: RuleDocument): PlanRule => ({
  type: doc.type,
  weekdays: doc.weekdays,
  times: doc.times,
  durationMinutes: doc.durationMinutes,
  version: doc.version,
  updatedAt: doc.at,
});

export class AvailabilityStore {
  private readonly ruleDocs: mongo.Collection<RuleDocument>;
  private readonly exceptionDocs: mongo.Collection<ExceptionDocument>;

  constructor(connection: Connection) {
    // The driver's collections: every filter here is built from checked values, never from a raw request.
    this.ruleDocs = connection.collection<RuleDocument>(
      'availability_rules',
    ) as unknown as mongo.Collection<RuleDocument>;
    this.exceptionDocs = connection.collection<ExceptionDocument>(
      'availability_exceptions',
    ) as unknown as mongo.Collection<ExceptionDocument>;
  }

  async createIndexes(): Promise<void> {
    await Promise.all([
      this.ruleDocs.createIndex({ type: 1, version: -1 }),
      this.exceptionDocs.createIndex({ date: 1 }),
      this.exceptionDocs.createIndex({ exceptionId: 1 }),
    ]);
  }

  /** A plan's rule in force: its latest stored version, or the catalogue's. */
  async rule(type: SessionType): Promise<PlanRule> {
    const [latest] = await this.ruleDocs.find({ type }).sort({ version: -1 }).limit(1).toArray();
    return latest ? asRule(latest) : catalogueRule(type);
  }

  async rules(): Promise<Record<SessionType, PlanRule>> {
    const rules = await Promise.all(SESSION_TYPES.map((type) => this.rule(type)));
    return Object.fromEntries(rules.map((rule) => [rule.type, rule])) as Record<SessionType, PlanRule>;
  }

  /** A plan's schedule of one date: two reads by key (its rule's latest version, its exception of that date). */
  async scheduleOn(type: SessionType, date: string): Promise<DaySchedule> {
    const [rule, exception] = await Promise.all([
      this.rule(type),
      this.exceptionDocs.findOne({ _id: exceptionKey(type, date) }),
    ]);
    return daySchedule(rule, exception ?? undefined, date);
  }

  /** The exceptions of `from` (YYYY-MM-DD) and later. */
  exceptionsFrom(from: string): Promise<ExceptionDocument[]> {
    return this.exceptionDocs.find({ date: { $gte: from } }).toArray();
  }

  /** A plan's exceptions of the dates `from` to `to` (both included), by date: one indexed query. */
  async exceptionsBetween(type: SessionType, from: string, to: string): Promise<Map<string, ExceptionDocument>> {
    const found = await this.exceptionDocs.find({ date: { $gte: from, $lte: to }, type }).toArray();
    return new Map(found.map((exception) => [exception.date, exception]));
  }

  /** Every rule in force and the exceptions from `from` on. */
  async read(from: string, timeZone: string): Promise<Rules> {
    const [rules, exceptions] = await Promise.all([this.rules(), this.exceptionsFrom(from)]);
    return { rules, exceptions: new Map(exceptions.map((e) => [e._id, e])), timeZone };
  }

  /** Store the next version of a plan's rule; false when that version exists (someone changed it first). */
  async addRule(rule: Omit<PlanRule, 'updatedAt'>, by: string, at: Date): Promise<boolean> {
    const doc: RuleDocument = {
      _id: `${rule.type}|${rule.version}`,
      type: rule.type,
      version: rule.version,
      weekdays: rule.weekdays,
      times: rule.times,
      durationMinutes: rule.durationMinutes,
      by,
      at,
    };
    return this.insert(this.ruleDocs, doc);
  }

  /**
   * Store an exception for each of its plans; undefined when one of them has an exception of that date already
   * (what this call had inserted is removed again).
   */
  async addException(exception: NewException, by: string, at: Date): Promise<string | undefined> {
    const exceptionId = randomUUID();
    for (const type of exception.types) {
      const doc: ExceptionDocument = {
        _id: exceptionKey(type, exception.date),
        exceptionId,
        type,
        date: exception.date,
        kind: exception.kind,
        ...(exception.times ? { times: exception.times } : {}),
        note: exception.note,
        by,
        createdAt: at,
      };
      if (!(await this.insert(this.exceptionDocs, doc))) {
        await this.removeException(exceptionId);
        return undefined;
      }
    }
    return exceptionId;
  }

  /** The exception's date, or undefined when there is no such exception. */
  async removeException(exceptionId: string): Promise<string | undefined> {
    const found = await this.exceptionDocs.findOne({ exceptionId });
    if (!found) return undefined;
    await this.exceptionDocs.deleteMany({ exceptionId });
    return found.date;
  }

  private async insert<T extends { _id: string }>(collection: mongo.Collection<T>, doc: T): Promise<boolean> {
    try {
      await collection.insertOne(doc as Parameters<mongo.Collection<T>['insertOne']>[0]);
      return true;
    } catch (err) {
      if (isDuplicateKeyError(err)) return false;
      throw err;
    }
  }
}
