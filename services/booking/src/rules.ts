// What every use case of the service works with: the practice's rules (from the configuration), the two
// stores, the counters and the logger.
import type { AddressAllowlist, Logger } from '@hhp/kit';
import type { SessionType } from '@hhp/proto';
import type { AvailabilityStore } from './availability/availability-store.js';
import { calendarOf, type Calendar } from './calendar/calendar.js';
import type { BookingConfig } from './config.js';
import type { BookingMetrics } from './metrics.js';
import type { PaymentsGate } from './payments/payments-gate.js';
import type { Bookings } from './sessions/bookings.js';
import type { SeatClaims } from './slots/seat-claims.js';

export interface BookingRules {
  timeZone: string;
  holdMs: number;
  /** Visitors per slot, per calendar. */
  capacity: Record<Calendar, number>;
  /** Live unpaid holds per client address; 0: no limit. */
  maxHoldsPerAddress: number;
  /** Addresses whose holds are not counted (LOAD_TEST_ALLOWLIST: load generators). */
  loadTestAllowlist: AddressAllowlist;
  /** A confirmed session can be moved or cancelled until this long before it starts. */
  changeNoticeMs: number;
}

export function bookingRules(config: BookingConfig): BookingRules {
  return {
    timeZone: config.PRACTICE_TIME_ZONE,
    holdMs: Math.round(config.BOOKING_HOLD_MINUTES * 60_000),
    capacity: { ai: config.SLOT_CAPACITY_AI, practitioner: config.SLOT_CAPACITY_PRACTITIONER },
    maxHoldsPerAddress: config.MAX_LIVE_HOLDS_PER_ADDRESS,
    loadTestAllowlist: config.LOAD_TEST_ALLOWLIST,
    changeNoticeMs: Math.round(config.BOOKING_CHANGE_NOTICE_HOURS * 3_600_000),
  };
}

export const capacityOf = (rules: BookingRules, type: SessionType) => rules.capacity[calendarOf(type)];

export interface BookingDeps {
  rules: BookingRules;
  bookings: Bookings;
  claims: SeatClaims;
  /** The practice's weekly rules and exceptions (the catalogue's until changed in the console). */
  availability: AvailabilityStore;
  /** Asked before a slot is held: can a payment be taken now? */
  payments: PaymentsGate;
  metrics: BookingMetrics;
  logger: Logger;
}
