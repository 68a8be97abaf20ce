// The booking form's rules (specification, section 5) and the call it makes (section 7, with name and
// e-mail, which DESIGN.md has the form send). Price and duration go along as the specification's call has
// them; the booking service computes its own from the catalogue and ignores what the browser says.
import type { BookSessionRequest } from '@hhp/proto';
import { MODALITIES } from '@hhp/proto/catalogue/modalities';
import { PLANS, SESSION_TYPES, type SessionType } from '@hhp/proto/catalogue/plans';
import type { BookingDraft } from '../../shared/payments/booking-trip';

/** The form as typed: what travels with the visitor to checkout and back (booking-trip.ts). */
export type BookingForm = BookingDraft;

export type BookingField = 'name' | 'email' | 'date' | 'slot';

export type BookingCheck =
  | { ok: true; request: BookSessionRequest }
  /** `missing`: the required fields left blank, in the form's order. */
  | { ok: false; missing: BookingField[]; invalidEmail: boolean };

// What a browser's type="email" check accepts, plus a dot in the domain, as the server requires.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isEmailLike(text: string): boolean {
  return EMAIL.test(text.trim());
}

/** Whether the form may be sent; when it may, the request it sends. */
export function checkBooking(form: BookingForm): BookingCheck {
  const name = form.name.trim();
  const email = form.email.trim();
  const missing: BookingField[] = [];
  if (!name) missing.push('name');
  if (!email) missing.push('email');
  if (!form.date) missing.push('date');
  if (!form.slot) missing.push('slot');
  const invalidEmail = email !== '' && !isEmailLike(email);
  if (missing.length > 0 || invalidEmail || !form.slot) return { ok: false, missing, invalidEmail };
  const plan = PLANS[form.type];
  return {
    ok: true,
    request: {
      userId: null,
      type: form.type,
      scheduledAt: form.slot,
      duration: String(plan.durationMinutes),
      price: plan.price,
      notes: form.notes.trim(),
      name,
      email,
    },
  };
}

/** Submit waits for a date and a slot (section 4); name and e-mail are checked when it is pressed. */
export function canSubmit(form: Pick<BookingForm, 'date' | 'slot'>, pending: boolean): boolean {
  return !pending && form.date !== null && form.slot !== null;
}

/** Where a new booking goes next (section 4). */
export function nextPath(type: SessionType, id: string): string {
  const sessionId = encodeURIComponent(id);
  return type === 'subscription' ? `/subscribe?sessionId=${sessionId}` : `/checkout?sessionId=${sessionId}`;
}

export interface BookingStart {
  type: SessionType;
  notes: string;
}

/**
 * What the booking screen starts with: the plan of `?plan=` (the AI session when absent or unknown) and, from
 * "Book Consultation for {modality}" on /treatments (`?plan=dr-helen&modality=ayurveda`), the modality in the
 * notes.
 */
export function bookingStart(params: URLSearchParams): BookingStart {
  const plan = params.get('plan');
  const type = (SESSION_TYPES as readonly string[]).includes(plan ?? '') ? (plan as SessionType) : 'ai-session';
  const modality = MODALITIES.find((entry) => entry.id === params.get('modality'));
  return { type, notes: modality ? `Consultation about ${modality.name}.` : '' };
}
