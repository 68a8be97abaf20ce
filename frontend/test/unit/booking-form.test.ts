import { PLANS } from '@hhp/proto/catalogue/plans';
import {
  bookingStart,
  canSubmit,
  checkBooking,
  isEmailLike,
  nextPath,
  type BookingForm,
} from '../../src/features/booking/booking-form';

const complete: BookingForm = {
  type: 'dr-helen',
  name: '  Ada Lovelace ',
  email: ' ada@example.com ',
  date: '2025-12-09',
  slot: '2025-12-09T14:00:00.000Z',
  notes: ' Consultation about Ayurveda. ',
};

describe('the booking form', () => {
  test('when every field is filled, then the request carries the slot, the plan, name and e-mail, trimmed', () => {
    const check = checkBooking(complete);
    expect(check).toEqual({
      ok: true,
      request: {
        userId: null,
        type: 'dr-helen',
        scheduledAt: '2025-12-09T14:00:00.000Z',
        duration: String(PLANS['dr-helen'].durationMinutes),
        price: PLANS['dr-helen'].price,
        notes: 'Consultation about Ayurveda.',
        name: 'Ada Lovelace',
        email: 'ada@example.com',
      },
    });
  });

  test('when name or e-mail is blank, then the form names them as missing and sends nothing', () => {
    expect(checkBooking({ ...complete, name: '   ' })).toEqual({ ok: false, missing: ['name'], invalidEmail: false });
    expect(checkBooking({ ...complete, name: '', email: '' })).toEqual({
      ok: false,
      missing: ['name', 'email'],
      invalidEmail: false,
    });
  });

  test('when the e-mail is not an address, then it is flagged, not sent', () => {
    expect(checkBooking({ ...complete, email: 'ada' })).toEqual({ ok: false, missing: [], invalidEmail: true });
    expect(isEmailLike('ada@localhost')).toBe(false);
    expect(isEmailLike('ada@example')).toBe(false);
    expect(isEmailLike('ada@mail.example.com')).toBe(true);
    expect(isEmailLike('a b@example.com')).toBe(false);
  });

  test('when no date or no slot is chosen, then submit is disabled; and while a booking is pending', () => {
    expect(canSubmit({ date: null, slot: null }, false)).toBe(false);
    expect(canSubmit({ date: '2025-12-09', slot: null }, false)).toBe(false);
    expect(canSubmit({ date: '2025-12-09', slot: complete.slot }, true)).toBe(false);
    expect(canSubmit({ date: '2025-12-09', slot: complete.slot }, false)).toBe(true);
    expect(checkBooking({ ...complete, slot: null })).toMatchObject({ ok: false, missing: ['slot'] });
  });

  test('when a booking is made, then the subscription plan goes on to /subscribe and the others to /checkout', () => {
    expect(nextPath('subscription', 'abc')).toBe('/subscribe?sessionId=abc');
    expect(nextPath('ai-session', 'abc')).toBe('/checkout?sessionId=abc');
    expect(nextPath('dr-helen', 'a/b')).toBe('/checkout?sessionId=a%2Fb');
  });

  test('when the page is opened from a modality, then the consultation is chosen and the modality is in the notes', () => {
    expect(bookingStart(new URLSearchParams('plan=dr-helen&modality=ayurveda'))).toEqual({
      type: 'dr-helen',
      notes: 'Consultation about Ayurveda.',
    });
    expect(bookingStart(new URLSearchParams(''))).toEqual({ type: 'ai-session', notes: '' });
    expect(bookingStart(new URLSearchParams('plan=gold&modality=nothing'))).toEqual({ type: 'ai-session', notes: '' });
    expect(bookingStart(new URLSearchParams('plan=subscription'))).toEqual({ type: 'subscription', notes: '' });
  });
});
