import { CrownOutlined } from '../../../shared/ui/icons/CrownOutlined';
import { useId } from 'react';
import { errorSentence, isApiError } from '../../../shared/api/error-message';
import { usePaymentsConfigQuery } from '../../../shared/api/payments-config';
import { Button } from '../../../shared/ui/Button';
import { useToast } from '../../../shared/ui/toast';
import { useCreateCheckoutSessionMutation } from '../api';
import { texts } from '../texts';
import styles from './home.module.css';

/** The server's sentence (no status code, issue 27 point 5), or the specification's fallback sentence. */
function describe(error: unknown): string {
  return isApiError(error) ? errorSentence(error) : texts.checkoutErrorFallback;
}

/**
 * The paid subscription: asks payments for a hosted checkout page and follows its address. With payments off
 * (GET /api/payments/config answers its 503 sentence) it says so, and whom to write to, before it is pressed, and
 * the button is disabled (issue 27: nothing is offered that cannot happen).
 */
export function SubscribeButton() {
  const [createCheckoutSession, { isLoading }] = useCreateCheckoutSessionMutation();
  const config = usePaymentsConfigQuery();
  const toast = useToast();
  const paymentsOff = config.isError;
  const noteId = useId();

  const onClick = async () => {
    try {
      const { url } = await createCheckoutSession({}).unwrap();
      if (!url) throw new Error(texts.checkoutErrorFallback);
      window.location.assign(url);
    } catch (error) {
      toast.error({ title: texts.checkoutErrorTitle, description: describe(error) });
    }
  };

  return (
    <div className={styles.subscribe}>
      <Button
        size="large"
        icon={<CrownOutlined aria-hidden />}
        loading={isLoading}
        disabled={paymentsOff}
        aria-describedby={noteId}
        onClick={onClick}
      >
        {texts.subscribe}
      </Button>
      <span id={noteId} className={styles.subscribeNote} data-payments-off={paymentsOff || undefined}>
        {paymentsOff ? errorSentence(config.error) : texts.subscribeNote}
      </span>
    </div>
  );
}
