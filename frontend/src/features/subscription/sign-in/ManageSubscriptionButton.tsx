import { useOpenPortalMutation } from '../../../shared/subscriber-sign-in/api';
import { Button } from '../../../shared/ui/Button';
import styles from '../../../shared/payments/ui/payments.module.css';
import { failureOf } from './failure';
import { texts } from './texts';

/** "Manage subscription": Stripe's customer portal for this browser's subscriber cookie. */
export function ManageSubscriptionButton() {
  const [open, result] = useOpenPortalMutation();
  const go = async () => {
    const answer = await open({});
    if ('data' in answer && answer.data) window.location.assign(answer.data.url);
  };
  return (
    <>
      <Button onClick={() => void go()} loading={result.isLoading || result.isSuccess}>
        {texts.manageButton}
      </Button>
      <span role="status" aria-live="polite">
        {result.isError && <span className={styles.text}>{failureOf(result.error).message}</span>}
      </span>
    </>
  );
}
