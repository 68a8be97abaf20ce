// Every staff action, and every refused sign-in: who (the staff member, when known), what (an action name and
// what it was on), when, and from where (the client's address and user agent). Nothing a visitor wrote.
import type { Request } from 'express';
import { requestContext } from '@hhp/kit';
import type { AuditEntry, AuditQuery } from '@hhp/proto';
import type { AuditDoc, PracticeStore } from '../store.js';

export interface Actor {
  staffId?: string;
  email?: string;
}

const USER_AGENT_MAX = 256;

export class AuditLog {
  constructor(
    private readonly store: PracticeStore,
    private readonly now: () => Date,
  ) {}

  async record(req: Request, actor: Actor, action: string, target?: string): Promise<void> {
    const entry: AuditDoc = {
      at: this.now(),
      ...(actor.staffId ? { staffId: actor.staffId } : {}),
      ...(actor.email ? { email: actor.email } : {}),
      action,
      ...(target ? { target } : {}),
      ip: requestContext(req).clientAddress,
      userAgent: (req.get('user-agent') ?? '').slice(0, USER_AGENT_MAX),
    };
    await this.store.audit.insertOne(entry);
  }

  async read({ limit, before }: AuditQuery): Promise<AuditEntry[]> {
    const filter = before ? { at: { $lt: new Date(before) } } : {};
    const docs = await this.store.audit.find(filter).sort({ at: -1 }).limit(limit).toArray();
    return docs.map(({ at, staffId, email, action, target, ip, userAgent }) => ({
      at: at.toISOString(),
      ...(staffId ? { staffId } : {}),
      ...(email ? { email } : {}),
      action,
      ...(target ? { target } : {}),
      ip,
      userAgent,
    }));
  }
}
