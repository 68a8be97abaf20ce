// The booking service's own counters, beside the kit's request histogram.
import type { Counter, Registry } from 'prom-client';
import { metricsOn } from '@hhp/kit';

export interface BookingMetrics {
  created: Counter<'type'>;
  conflicts: Counter<'type'>;
  outsideRules: Counter<'type'>;
  expired: Counter;
  confirmed: Counter<'by'>;
  changed: Counter<'change'>;
}

export function bookingMetrics(registry: Registry): BookingMetrics {
  const { counter } = metricsOn(registry);
  return {
    created: counter('booking_created_total', 'Bookings made (their slot held until paid), by plan', ['type']),
    conflicts: counter('booking_conflicts_total', 'Bookings refused with 409 because the slot was taken, by plan', [
      'type',
    ]),
    outsideRules: counter(
      'booking_outside_rules_total',
      'Bookings refused because the rules changed while their seat was being claimed (a day closed in the console), by plan',
      ['type'],
    ),
    expired: counter('booking_expired_total', 'Unpaid holds that lapsed and were expired by the sweeper'),
    confirmed: counter(
      'booking_confirmed_total',
      'Bookings confirmed, by what paid for them (payment or subscription)',
      ['by'],
    ),
    changed: counter(
      'booking_changed_total',
      "Confirmed bookings moved or cancelled by their visitor's change-or-cancel link",
      ['change'],
    ),
  };
}
