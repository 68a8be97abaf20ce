import type { ManageSessionResponse } from '@hhp/proto';
import { useState, type Ref } from 'react';
import { Button } from '../../../shared/ui/Button';
import { ServicePanel } from '../../../shared/payments/ui/ServicePanel';
import styles from '../../../shared/payments/ui/payments.module.css';
import { useCancelSessionMutation } from './api';
import { isConflict, refundPromise, refusal, type ManageLink } from './manage-view';
import { manageTexts as t } from './texts';

interface Props {
  session: ManageSessionResponse;
  link: ManageLink;
  headingRef: Ref<HTMLHeadingElement>;
  /** A 409: the booking is read again (it can no longer be cancelled, and the page says why). */
  onRefused: () => void;
  onBack: () => void;
}

/**
 * The step before a cancellation: what it gives back, then one button. The answer replaces the booking in the
 * cache, and the page shows it cancelled; a second press, or a second tab, is answered the same by the service.
 */
export function CancelStep({ session, link, headingRef, onRefused, onBack }: Props) {
  const [cancel, { isLoading }] = useCancelSessionMutation();
  const [problem, setProblem] = useState<string | null>(null);

  const onConfirm = async () => {
    setProblem(null);
    try {
      await cancel(link).unwrap();
    } catch (error) {
      setProblem(refusal(error));
      if (isConflict(error)) onRefused();
    }
  };

  return (
    <ServicePanel
      type="warning"
      title={t.cancelTitle}
      titleRef={headingRef}
      actions={
        <>
          <Button variant="primary" loading={isLoading} onClick={() => void onConfirm()}>
            {isLoading ? t.cancelling : t.confirmCancel}
          </Button>
          <Button onClick={onBack}>{t.keep}</Button>
        </>
      }
    >
      <p className={styles.text}>{refundPromise(session)}</p>
      {problem && (
        <p className={styles.text} role="alert">
          <strong>{t.cancelFailedTitle}:</strong> {problem}
        </p>
      )}
    </ServicePanel>
  );
}
