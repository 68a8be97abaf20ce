import type { SessionType } from '@hhp/proto/catalogue/plans';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { lazy, Suspense, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from '../../shared/router/hooks';
import type { ApiError } from '../../shared/api/base-query';
import { errorSentence } from '../../shared/api/error-message';
import { Surface } from '../../shared/ui/Surface';
import { useToast } from '../../shared/ui/toast';
import { useAvailabilityQuery, useBookSessionMutation, usePaymentsConfigQuery } from '../../shared/payments/api';
import { texts } from '../../shared/payments/texts';
import { visitorTimeZone } from '../../shared/payments/ui/time';
import { bookingStart, canSubmit, checkBooking, nextPath } from './booking-form';
import { tripOf, type BookingTrip } from '../../shared/payments/booking-trip';
import { BookingSummary } from './BookingSummary';
import { DetailsSection } from './DetailsSection';
import { closedReason, todayIn, type IsoDay } from '../../shared/payments/slots/calendar';
import { DateCalendar } from '../../shared/payments/slots/DateCalendar';
import { PlanCards } from './PlanCards';
import { useOpenDays } from '../../shared/payments/slots/open-days';
import { SlotPicker } from '../../shared/payments/slots/SlotPicker';
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
  const [type, setType] = useState<SessionType>(start.type);
  const [name, setName] = useState(start.name);
  const [email, setEmail] = useState(start.email);
  const [date, setDate] = useState<IsoDay | null>(start.date);
  const [slotStart, setSlotStart] = useState<string | null>(start.slot);
  const [notes, setNotes] = useState(start.notes);
  const paymentsConfig = usePaymentsConfigQuery();
  const paymentsOff = paymentsConfig.isError;
  const [checked, setChecked] = useState(false);
  // The practice's time zone, from its answers: "today" and "past" are the practice's.
  const [practiceZone, setPracticeZone] = useState<string | undefined>(undefined);
  const [visitorZone] = useState(visitorTimeZone);
  const today = todayIn(practiceZone ?? visitorZone);

  // The plan's open days of the chosen day's month (the grid asks the same while it shows that month: one call).
  const openDays = useOpenDays(type, date ?? today);
  const availability = useAvailabilityQuery(date ? { type, date } : skipToken, { refetchOnMountOrArgChange: true });
  const answer = date ? availability.currentData : undefined;
  const answerZone = answer?.timeZone ?? openDays.timeZone;
  if (answerZone && answerZone !== practiceZone) setPracticeZone(answerZone);
  // A chosen day the plan is closed on (another plan chosen, a draft's day gone by) is no longer chosen, once the
  // practice's days are known or cannot be had: not while they load, so an extra day is not dropped meanwhile.
  if (date && !openDays.loading && closedReason(date, type, today, openDays.days) !== null) {
    setDate(null);
    setSlotStart(null);
  }

  // A chosen slot that the latest answer shows as taken is no longer chosen.
  const slot = answer?.slots.find((candidate) => candidate.startsAt === slotStart && candidate.available) ?? null;
  const [bookSession, { isLoading }] = useBookSessionMutation();
  const navigate = useNavigate();
  const toast = useToast();

  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const timeHeadingRef = useRef<HTMLHeadingElement>(null);
  const ids = { notes: useId(), date: useId(), time: useId() };

  const form = { type, name, email, date, slot: slot?.startsAt ?? null, notes };
  const check = checkBooking(form);
  const nameMissing = checked && !name.trim();
  const emailMissing = checked && !email.trim();
  const emailInvalid = checked && !check.ok && check.invalidEmail;

  const choosePlan = (next: SessionType) => {
    setType(next);
    // Slots differ between plans; a day the new plan is closed on is dropped once its days are known (above).
    setSlotStart(null);
  };

  const chooseDate = (day: IsoDay) => {
    if (day !== date) setSlotStart(null);
    setDate(day);
  };

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
        setSlotStart(null);
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
        <PlanCards value={type} onChange={choosePlan} />
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
            <section aria-labelledby={ids.date}>
              <h3 id={ids.date} className={styles.sectionTitle}>
                {t.dateTitle}
              </h3>
              <p className={styles.note}>{t.calendarNote(type, openDays.weekdays)}</p>
              <DateCalendar
                type={type}
                today={today}
                value={date}
                onChange={chooseDate}
                labelledBy={ids.date}
                browseOnly={paymentsOff}
              />
            </section>
            <SlotPicker
              date={date}
              availability={answer}
              loading={availability.isFetching && !answer}
              error={availability.error}
              onRetry={() => void availability.refetch()}
              value={slot?.startsAt ?? null}
              onChange={setSlotStart}
              visitorZone={visitorZone}
              headingId={ids.time}
              headingRef={timeHeadingRef}
            />
            <div className={styles.field}>
              <label htmlFor={ids.notes} className={styles.label}>
                {t.notesLabel}
              </label>
              <textarea
                id={ids.notes}
                name="notes"
                rows={3}
                maxLength={2000}
                placeholder={t.notesPlaceholder}
                value={notes}
                className={styles.textarea}
                onChange={(event) => setNotes(event.target.value)}
              />
            </div>
          </Surface>
          <BookingSummary
            type={type}
            date={date}
            slot={slot}
            timeZone={answer?.timeZone}
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
