import { skipToken } from '@reduxjs/toolkit/query/react';
import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from '../../../shared/router/hooks';
import { useToast } from '../../../shared/ui/toast';
import { usePaymentStatusQuery, useSessionQuery } from '../../../shared/payments/api';
import { texts } from '../../../shared/payments/texts';
import { StatusPage } from '../../../shared/payments/ui/StatusPage';
import { useBackoffPoll } from '../../../shared/payments/ui/use-backoff-poll';
import { sessionView } from './outcome';
import { sessionStatus } from './session-status';

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
  const view = sessionView({
    sessionId,
    session: booked,
    sessionError: session.error,
    payment: payment.data?.payment,
    paymentError: payment.error,
    paymentFetching: payment.isFetching,
    returnedPaid,
  });

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

  const status = sessionStatus(view, {
    sessionId,
    session: booked,
    // The session was read; what failed is payments' answer (with payments off, its sentence says so).
    error: booked ? payment.error : session.error,
    exhausted,
    ask: () => void askAgain(),
    checkAgain,
  });
  return <StatusPage status={status} view={view} home={texts.sessionConfirmed.home} />;
}
