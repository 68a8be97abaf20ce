import { skipToken } from '@reduxjs/toolkit/query/react';
import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from '../../../shared/router/hooks';
import type { ApiError } from '../../../shared/api/base-query';
import { errorSentence } from '../../../shared/api/error-message';
import { AntdScope } from '../../../shared/ui/AntdScope';
import { Button, ButtonLink } from '../../../shared/ui/Button';
import { useToast } from '../../../shared/ui/toast';
import { usePaymentStatusQuery, useSessionQuery } from '../api';
import { texts } from '../texts';
import { ServicePanel } from '../ui/ServicePanel';
import { useBackoffPoll } from '../ui/use-backoff-poll';
import { useFocusOnChange } from '../ui/use-focus-on-change';
import styles from '../ui/payments.module.css';
import { sessionOutcome, type SessionOutcome } from './outcome';
import { SessionDetails } from './SessionDetails';

const t = texts.sessionConfirmed;

type View = SessionOutcome | 'no-session' | 'not-found' | 'load-error' | 'checking';

/**
 * /session-confirmed?sessionId= (Stripe's return address after a card payment). What happened is read from the
 * booking service and from payments, which asks Stripe; the return address's `redirect_status` only keeps the
 * page waiting while the payment webhook has not confirmed the booking yet.
 */
export function SessionConfirmedScreen() {
  const [params] = useSearchParams();
  const sessionId = params.get('sessionId');
  const returnedPaid = params.get('redirect_status') === 'succeeded';
  const session = useSessionQuery(sessionId ?? skipToken, { refetchOnMountOrArgChange: true });
  const booked = session.data;
  // Payments is asked only while the booking is not confirmed: a confirmed booking says all there is.
  const payment = usePaymentStatusQuery(sessionId && booked?.status !== 'confirmed' ? sessionId : skipToken, {
    refetchOnMountOrArgChange: true,
  });

  // A failed read while asking again keeps the last answer on screen (RTK Query keeps `data`); only a page
  // with nothing to show shows the error.
  let view: View;
  if (!sessionId) view = 'no-session';
  else if (!booked && (session.error as ApiError | undefined)?.status === 404) view = 'not-found';
  else if (!booked && session.error !== undefined) view = 'load-error';
  else if (!booked) view = 'checking';
  else if (booked.status === 'confirmed') view = 'confirmed';
  else if (!payment.data && payment.error !== undefined && !payment.isFetching) view = 'load-error';
  else if (!payment.data) view = 'checking';
  else view = sessionOutcome(booked, payment.data.payment, returnedPaid);

  const { refetch: refetchSession } = session;
  const { refetch: refetchPayment } = payment;
  const askAgain = useCallback(
    () => Promise.all([refetchSession(), booked?.status === 'confirmed' ? null : refetchPayment()]),
    [refetchSession, refetchPayment, booked?.status],
  );
  const { exhausted, checkAgain } = useBackoffPoll(view === 'waiting', askAgain);

  // The payment's success is news once per visit, when the servers first say it went through.
  const toast = useToast();
  const announced = useRef(false);
  const paid = view === 'confirmed' || view === 'waiting';
  useEffect(() => {
    if (!paid || !returnedPaid || announced.current) return;
    announced.current = true;
    toast.success({
      title: texts.checkout.paymentSucceededTitle,
      description: texts.checkout.paymentSucceededDescription,
    });
  }, [paid, returnedPaid, toast]);

  const focusRef = useFocusOnChange<HTMLHeadingElement>(view);
  const checkout = sessionId ? `/checkout?sessionId=${encodeURIComponent(sessionId)}` : '/book';
  const book = (
    <ButtonLink to="/book" variant="primary">
      {t.bookAgain}
    </ButtonLink>
  );
  const details = booked && <SessionDetails session={booked} />;

  const panel = (() => {
    switch (view) {
      case 'checking':
        return (
          <p className={styles.loading} role="status">
            {t.checking}
          </p>
        );
      case 'no-session':
        return (
          <ServicePanel type="info" title={t.pageTitle} titleRef={focusRef} actions={book}>
            <p className={styles.text}>{t.noSession}</p>
          </ServicePanel>
        );
      case 'not-found':
        return (
          <ServicePanel type="warning" title={texts.checkout.notFoundTitle} titleRef={focusRef} actions={book}>
            <p className={styles.text}>{t.notFound}</p>
          </ServicePanel>
        );
      case 'load-error':
        return (
          <ServicePanel
            type="error"
            // The session was read; what failed is payments' answer (with payments off, its sentence says so).
            title={booked ? t.paymentCheckError : t.loadError}
            titleRef={focusRef}
            actions={<Button onClick={() => void askAgain()}>{t.checkAgain}</Button>}
          >
            {details}
            <p className={styles.text}>{errorSentence(booked ? payment.error : session.error)}</p>
          </ServicePanel>
        );
      case 'confirmed':
        return (
          <ServicePanel type="success" title={t.confirmedTitle} titleRef={focusRef}>
            {details}
            <p className={styles.text}>{t.confirmedText}</p>
          </ServicePanel>
        );
      case 'waiting':
        return (
          <ServicePanel
            type="info"
            title={t.waitingTitle}
            titleRef={focusRef}
            actions={exhausted && <Button onClick={checkAgain}>{t.checkAgain}</Button>}
          >
            <p className={styles.text}>{exhausted ? t.slowText : t.waitingText}</p>
            {details}
          </ServicePanel>
        );
      case 'not-paid':
        return (
          <ServicePanel
            type="warning"
            title={t.notPaidTitle}
            titleRef={focusRef}
            actions={
              <ButtonLink to={checkout} variant="primary">
                {t.goToCheckout}
              </ButtonLink>
            }
          >
            <p className={styles.text}>{t.notPaidText}</p>
            {details}
          </ServicePanel>
        );
      case 'failed':
        return (
          <ServicePanel
            type="error"
            title={t.failedTitle}
            titleRef={focusRef}
            actions={
              <ButtonLink to={checkout} variant="primary">
                {t.tryAgain}
              </ButtonLink>
            }
          >
            <p className={styles.text}>{t.failedText}</p>
            {details}
          </ServicePanel>
        );
      case 'expired':
        return (
          <ServicePanel type="warning" title={t.expiredTitle} titleRef={focusRef} actions={book}>
            <p className={styles.text}>{t.expiredText}</p>
          </ServicePanel>
        );
      case 'refunded':
        return (
          <ServicePanel type="info" title={t.refundedTitle} titleRef={focusRef} actions={book}>
            <p className={styles.text}>{t.refundedText}</p>
          </ServicePanel>
        );
      case 'cancelled':
        return (
          <ServicePanel type="info" title={t.cancelledTitle} titleRef={focusRef} actions={book}>
            {details}
          </ServicePanel>
        );
      case 'subscription':
        return (
          <ServicePanel
            type="info"
            title={t.details}
            titleRef={focusRef}
            actions={
              <ButtonLink to={`/subscribe?sessionId=${encodeURIComponent(sessionId ?? '')}`} variant="primary">
                {t.goToSubscribe}
              </ButtonLink>
            }
          >
            <p className={styles.text}>{t.subscriptionText}</p>
            {details}
          </ServicePanel>
        );
    }
  })();

  return (
    <AntdScope>
      <div className={styles.column}>
        {panel}
        <div className={styles.actions}>
          <ButtonLink to="/">{t.home}</ButtonLink>
        </div>
      </div>
    </AntdScope>
  );
}
