import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from '../../../shared/router/hooks';
import { Button } from '../../../shared/ui/Button';
import { StatusPage } from '../../../shared/payments/ui/StatusPage';
import { useBackoffPoll } from '../../../shared/payments/ui/use-backoff-poll';
import { useManageSessionQuery } from './api';
import { CancelStep } from './CancelStep';
import { manageStatus } from './manage-status';
import { manageLink, manageView } from './manage-view';
import { RescheduleStep } from './RescheduleStep';
import { manageTexts as t } from './texts';

type Step = 'none' | 'reschedule' | 'cancel';

/**
 * /manage-booking?booking=&token= (the confirmation's and the reminder's "Change or cancel" link): the booking,
 * and while it is more than 24 hours away, a move to another free slot of its plan or its cancellation. What
 * the page shows is the booking service's answer; each change answers the booking as it now is.
 */
export function ManageBookingScreen() {
  const [params] = useSearchParams();
  const link = useMemo(() => manageLink(params), [params]);
  const manage = useManageSessionQuery(link ?? skipToken, { refetchOnMountOrArgChange: true });
  const answer = manage.data;
  const view = manageView(link, answer, manage.error);
  const [step, setStep] = useState<Step>('none');
  const [moved, setMoved] = useState(false);
  // A step only makes sense while the booking can change: a refusal that says otherwise closes it.
  const shownStep = view === 'changeable' ? step : 'none';

  // A refund is made by Stripe after the cancellation: the page asks again until it is.
  const refundPending = view === 'cancelled' && answer?.refund?.status === 'pending';
  const { refetch } = manage;
  useBackoffPoll(refundPending, refetch);

  // Focus follows what has just replaced what the visitor was on: a step's heading, or the booking's panel.
  const panelRef = useRef<HTMLHeadingElement>(null);
  const stepRef = useRef<HTMLHeadingElement>(null);
  const focusKey = `${view}|${shownStep}|${moved}`;
  const shown = useRef(focusKey);
  useEffect(() => {
    if (shown.current === focusKey) return;
    shown.current = focusKey;
    (shownStep === 'none' ? panelRef : stepRef).current?.focus();
  }, [focusKey, shownStep]);

  const open = (next: Step) => {
    setMoved(false);
    setStep(next);
  };
  const close = () => setStep('none');
  const status = manageStatus(view, answer, {
    error: manage.error,
    moved,
    ask: () => void refetch(),
    actions: shownStep === 'none' && (
      <>
        <Button variant="primary" onClick={() => open('reschedule')}>
          {t.reschedule}
        </Button>
        <Button onClick={() => open('cancel')}>{t.cancel}</Button>
      </>
    ),
  });

  return (
    <StatusPage status={status} view={view} home={t.home} titleRef={panelRef}>
      {answer && shownStep === 'reschedule' && link && (
        <RescheduleStep
          session={answer}
          link={link}
          headingRef={stepRef}
          onMoved={() => {
            setStep('none');
            setMoved(true);
          }}
          onRefused={() => void refetch()}
          onBack={close}
        />
      )}
      {answer && shownStep === 'cancel' && link && (
        <CancelStep session={answer} link={link} headingRef={stepRef} onRefused={() => void refetch()} onBack={close} />
      )}
    </StatusPage>
  );
}
