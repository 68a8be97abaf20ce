import { useState } from 'react';
import { Button } from '../../../shared/ui/Button';
import { ServicePanel } from '../../../shared/payments/ui/ServicePanel';
import styles from '../../../shared/payments/ui/payments.module.css';
import { useCancelSessionMutation } from './api';
import type { ManageStepProps } from './manage-step';
import { isConflict, refundPromise, refusal } from './manage-view';
import { manageTexts as t } from './texts';

/**
 * The step before a cancellation: what it gives back, then one button. The answer replaces the booking in the
 * cache, and the page shows it cancelled; a second press, or a second tab, is answered the same by the service.
 */
export function CancelStep({ session, link, headingRef, onRefused, onBack }: ManageStepProps) {
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
