import { CrownOutlined } from '@ant-design/icons';
import { errorSentence, isApiError } from '../../../shared/api/error-message';
import { Button } from '../../../shared/ui/Button';
import { useToast } from '../../../shared/ui/toast';
import { useCreateCheckoutSessionMutation } from '../api';
import { texts } from '../texts';
import styles from './home.module.css';

/** The server's sentence (no status code, issue 27 point 5), or the specification's fallback sentence. */
function describe(error: unknown): string {
  return isApiError(error) ? errorSentence(error) : texts.checkoutErrorFallback;
}

/** The paid subscription: asks payments for a hosted checkout page and follows its address. */
export function SubscribeButton() {
  const [createCheckoutSession, { isLoading }] = useCreateCheckoutSessionMutation();
  const toast = useToast();

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
      <Button size="large" icon={<CrownOutlined aria-hidden />} loading={isLoading} onClick={onClick}>
        {texts.subscribe}
      </Button>
      <span className={styles.subscribeNote}>{texts.subscribeNote}</span>
    </div>
  );
}
