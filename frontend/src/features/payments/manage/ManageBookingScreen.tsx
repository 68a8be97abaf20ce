import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from '../../../shared/router/hooks';
import { errorSentence } from '../../../shared/api/error-message';
import { AntdScope } from '../../../shared/ui/AntdScope';
import { Button, ButtonLink } from '../../../shared/ui/Button';
import { ServicePanel } from '../ui/ServicePanel';
import { formatDay, formatTime, zoneLabel } from '../ui/time';
import { useBackoffPoll } from '../ui/use-backoff-poll';
import styles from '../ui/payments.module.css';
import { useManageSessionQuery } from './api';
import { CancelStep } from './CancelStep';
import { ManageDetails, sessionWhen } from './ManageDetails';
import { fixedReason, manageLink, manageView, refundStatus } from './manage-view';
import { RescheduleStep } from './RescheduleStep';
import { manageTexts as t } from './texts';

type Step = 'none' | 'reschedule' | 'cancel';

/** "Monday, December 7, 2026, 9:00 AM Eastern Standard Time (America/New_York)" */
const moment = (iso: string, timeZone: string) =>
  `${formatDay(iso, timeZone)}, ${formatTime(iso, timeZone)} ${zoneLabel(timeZone, iso)}`;

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
  const book = (
    <ButtonLink to="/book" variant="primary">
      {t.bookAgain}
    </ButtonLink>
  );

  const panel = (() => {
    switch (view) {
      case 'loading':
        return (
          <p className={styles.loading} role="status">
            {t.loading}
          </p>
        );
      case 'invalid':
        return (
          <ServicePanel type="warning" title={t.invalidTitle} titleRef={panelRef}>
            <p className={styles.text}>{t.invalidText}</p>
          </ServicePanel>
        );
      case 'load-error':
        return (
          <ServicePanel
            type="error"
            title={t.loadErrorTitle}
            titleRef={panelRef}
            actions={<Button onClick={() => void refetch()}>{t.tryAgain}</Button>}
          >
            <p className={styles.text}>{errorSentence(manage.error)}</p>
          </ServicePanel>
        );
    }
    if (!answer) return null;
    const details = <ManageDetails session={answer} />;
    switch (view) {
      case 'cancelled': {
        const refund = refundStatus(answer);
        return (
          <ServicePanel type="success" title={t.cancelledTitle} titleRef={panelRef} actions={book}>
            {refund && <p className={styles.text}>{refund}</p>}
            {answer.cancelledAt && (
              <p className={styles.text}>{t.cancelledOn(moment(answer.cancelledAt, answer.timeZone))}</p>
            )}
            <p className={styles.text}>{t.cancelledEmailed}</p>
            {details}
          </ServicePanel>
        );
      }
      case 'fixed':
        return (
          <ServicePanel type="info" title={t.notChangeableTitle} titleRef={panelRef} actions={book}>
            <p className={styles.text}>{fixedReason(answer)}</p>
            {details}
          </ServicePanel>
        );
      case 'changeable': {
        const actions = shownStep === 'none' && (
          <>
            <Button variant="primary" onClick={() => open('reschedule')}>
              {t.reschedule}
            </Button>
            <Button onClick={() => open('cancel')}>{t.cancel}</Button>
          </>
        );
        const until = (
          <p className={styles.text}>{t.changeableUntil(moment(answer.changeableUntil, answer.timeZone))}</p>
        );
        return moved ? (
          <ServicePanel type="success" title={t.movedTitle} titleRef={panelRef} actions={actions}>
            <p className={styles.text}>{t.movedText(sessionWhen(answer))}</p>
            <p className={styles.text}>{t.emailed}</p>
            {details}
            {until}
          </ServicePanel>
        ) : (
          <ServicePanel type="info" title={t.yourBookingTitle} titleRef={panelRef} actions={actions}>
            {details}
            {until}
          </ServicePanel>
        );
      }
    }
  })();

  return (
    <AntdScope>
      <div className={styles.column}>
        {panel}
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
          <CancelStep
            session={answer}
            link={link}
            headingRef={stepRef}
            onRefused={() => void refetch()}
            onBack={close}
          />
        )}
        <div className={styles.actions}>
          <ButtonLink to="/">{t.home}</ButtonLink>
        </div>
      </div>
    </AntdScope>
  );
}
