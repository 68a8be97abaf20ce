// The booking service's own counters, beside the kit's request histogram.
import { Counter, type Registry } from 'prom-client';

export interface BookingMetrics {
  created: Counter<'type'>;
  conflicts: Counter<'type'>;
  outsideRules: Counter<'type'>;
  expired: Counter;
  confirmed: Counter<'by'>;
  changed: Counter<'change'>;
}

export function bookingMetrics(registry: Registry): BookingMetrics {
  return {
    created: new Counter({
      name: 'booking_created_total',
      help: 'Bookings made (their slot held until paid), by plan',
      labelNames: ['type'] as const,
      registers: [registry],
    }),
    conflicts: new Counter({
      name: 'booking_conflicts_total',
      help: 'Bookings refused with 409 because the slot was taken, by plan',
      labelNames: ['type'] as const,
      registers: [registry],
    }),
    outsideRules: new Counter({
      name: 'booking_outside_rules_total',
      help: 'Bookings refused because the rules changed while their seat was being claimed (a day closed in the console), by plan',
      labelNames: ['type'] as const,
      registers: [registry],
    }),
    expired: new Counter({
      name: 'booking_expired_total',
      help: 'Unpaid holds that lapsed and were expired by the sweeper',
      registers: [registry],
    }),
    confirmed: new Counter({
      name: 'booking_confirmed_total',
      help: 'Bookings confirmed, by what paid for them (payment or subscription)',
      labelNames: ['by'] as const,
      registers: [registry],
    }),
    changed: new Counter({
      name: 'booking_changed_total',
      help: "Confirmed bookings moved or cancelled by their visitor's change-or-cancel link",
      labelNames: ['change'] as const,
      registers: [registry],
    }),
  };
}
