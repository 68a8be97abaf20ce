// The numbers' parts, wired once: the tally and its indexes, the consumers that fill it, the route, and what the
// sweep forgets.
import type { Connection } from 'mongoose';
import type { EventBus, Logger } from '@hhp/kit';
import type { PracticeConfig } from '../config.js';
import type { AuditLog } from '../audit/audit-log.js';
import { staffOnly } from '../http/guard.js';
import type { Sessions } from '../sessions/sessions.js';
import { Tally } from './tally.js';
import { consumeTallyEvents } from './tally.handlers.js';
import { numbersRouter } from './numbers.router.js';

export interface DashboardDeps {
  config: PracticeConfig;
  connection: Connection;
  sessions: Sessions;
  audit: AuditLog;
  bus: EventBus;
  logger: Logger;
  now: () => Date;
}

export async function dashboard({ config, connection, sessions, audit, bus, logger, now }: DashboardDeps) {
  const tally = new Tally(connection, config.PRACTICE_TIME_ZONE);
  await tally.createIndexes();
  const consumers = await consumeTallyEvents(bus, tally);
  const router = numbersRouter({
    timeoutMs: config.DB_TIMEOUT_MS,
    audit,
    staff: staffOnly(sessions, 'practitioner'),
    bus,
    tally,
    timeZone: config.PRACTICE_TIME_ZONE,
    sourceTimeoutMs: config.PRACTICE_SOURCE_TIMEOUT_MS,
    now,
    logger,
  });
  return {
    router,
    purge: () => tally.purge(now()),
    stop: () => Promise.all(consumers.map((c) => c.stop())),
  };
}
