import { lazy, Suspense, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from '../../shared/router/hooks';
import type { ApiError } from '../../shared/api/base-query';
import { errorSentence } from '../../shared/api/error-message';
import { Surface } from '../../shared/ui/Surface';
import { useToast } from '../../shared/ui/toast';
import { useBookSessionMutation, usePaymentsConfigQuery } from '../../shared/payments/api';
import { texts } from '../../shared/payments/texts';
import { bookingStart, canSubmit, checkBooking, nextPath } from './booking-form';
import { tripOf, type BookingTrip } from '../../shared/payments/booking-trip';
import { BookingSummary } from './BookingSummary';
import { DateSection } from './DateSection';
import { DetailsSection } from './DetailsSection';
import { NotesField } from './NotesField';
import { PlanCards } from './PlanCards';
import { SlotPicker } from '../../shared/payments/slots/SlotPicker';
import { useSlotChoice } from './use-slot-choice';
import { WelcomeCard } from './WelcomeCard';
import styles from '../../shared/payments/slots/booking.module.css';

const t = texts.booking;

// The notice is antd's Alert (ui/ServicePanel.tsx): a chunk of its own, fetched only when payments are off, so
// that /book's first download carries no antd (issue 28).
const PaymentsOffNotice = lazy(async () => ({ default: (await import('./PaymentsOffNotice')).PaymentsOffNotice }));

/**
 * /book and /book-session (specification, sections 2, 4, 5, 8): a plan, the visitor's name and e-mail, a day and
 * one of its free slots, notes; then the booking call, and on to checkout or, for the subscription plan, to
 * /subscribe. The slot list is asked for again whenever the plan or the day changes, and after any booking
 * attempt (a slot lost to another visitor then shows as booked). Back from checkout or /subscribe, the form
 * is as the visitor left it (booking-trip.ts). With payments off (GET /api/payments/config fails, the one
 * source the booking service asks too) the screen says at once that online booking is unavailable and whom to
 * write to, and Book Session stays disabled: no time is held for a payment that cannot happen.
 */
export function BookingScreen() {
  const [params] = useSearchParams();
  const location = useLocation();
  const [start] = useState(() => {
    const draft = tripOf(location.state).draft;
    return draft ?? { ...bookingStart(params), name: '', email: '', date: null, slot: null };
  });
  const choice = useSlotChoice(start);
  const { type, date, slot, slotStart, today, openDays, day } = choice;
  const [name, setName] = useState(start.name);
  const [email, setEmail] = useState(start.email);
  const [notes, setNotes] = useState(start.notes);
  const paymentsConfig = usePaymentsConfigQuery();
  const paymentsOff = paymentsConfig.isError;
  const [checked, setChecked] = useState(false);
  const [bookSession, { isLoading }] = useBookSessionMutation();
  const navigate = useNavigate();
  const toast = useToast();

  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const timeHeadingRef = useRef<HTMLHeadingElement>(null);
  const ids = { date: useId(), time: useId() };

  const form = { type, name, email, date, slot: slot?.startsAt ?? null, notes };
  const check = checkBooking(form);
  const nameMissing = checked && !name.trim();
  const emailMissing = checked && !email.trim();
  const emailInvalid = checked && !check.ok && check.invalidEmail;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit(form, isLoading) || paymentsOff) return;
    if (!check.ok) {
      setChecked(true);
      if (check.missing.includes('name') || check.missing.includes('email')) {
        toast.error({ title: t.missingTitle, description: t.missingDescription });
      }
      (check.missing.includes('name') ? nameRef : emailRef).current?.focus();
      return;
    }
    try {
      const { id, holdToken } = await bookSession(check.request).unwrap();
      toast.success({ title: t.bookedTitle, description: t.bookedDescription });
      // The subscribe screen starts with the e-mail just given; the form and the hold's token come along so
      // that going back releases the hold and shows the form as it was (history state only, never the address).
      const trip: BookingTrip = {
        draft: { type, name, email, date, slot: slotStart, notes },
        hold: { id, token: holdToken },
        ...(type === 'subscription' ? { email: check.request.email } : {}),
      };
      navigate(nextPath(type, id), { state: trip });
    } catch (error) {
      toast.error({ title: t.failedTitle, description: errorSentence(error) });
      if ((error as ApiError).status === 409) {
        // The slot went to another visitor; the list is being read again and will show it booked.
        choice.dropSlot();
        timeHeadingRef.current?.focus();
      }
    }
  };

  return (
    <div className={styles.screen}>
      <WelcomeCard />
      {paymentsOff && (
        <Suspense fallback={null}>
          <PaymentsOffNotice />
        </Suspense>
      )}
      <form noValidate onSubmit={onSubmit} aria-label={t.pageTitle} className={styles.screen}>
        <PlanCards value={type} onChange={choice.choosePlan} />
        <div className={styles.layout}>
          <Surface className={styles.formCard}>
            <DetailsSection
              name={name}
              email={email}
              onName={setName}
              onEmail={setEmail}
              nameRef={nameRef}
              emailRef={emailRef}
              nameMissing={nameMissing}
              emailMissing={emailMissing}
              emailInvalid={emailInvalid}
            />
            <DateSection
              id={ids.date}
              type={type}
              today={today}
              value={date}
              onChange={choice.chooseDate}
              weekdays={openDays.weekdays}
              browseOnly={paymentsOff}
            />
            <SlotPicker
              date={date}
              day={day}
              value={slot?.startsAt ?? null}
              onChange={choice.chooseSlot}
              visitorZone={choice.visitorZone}
              headingId={ids.time}
              headingRef={timeHeadingRef}
            />
            <NotesField value={notes} onChange={setNotes} />
          </Surface>
          <BookingSummary
            type={type}
            date={date}
            slot={slot}
            timeZone={day.answer?.timeZone}
            name={name}
            email={email}
            submitting={isLoading}
            canSubmit={canSubmit(form, isLoading) && !paymentsOff}
            paymentsOff={paymentsOff}
          />
        </div>
      </form>
    </div>
  );
}
