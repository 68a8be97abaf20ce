import { useEffect, useRef } from 'react';
import { useSearchParams } from '../../../shared/router/hooks';
import { useOpenPortalMutation } from '../../../shared/subscriber-sign-in/api';
import { AntdScope } from '../../../shared/ui/AntdScope';
import { Button, ButtonLink } from '../../../shared/ui/Button';
import { ServicePanel } from '../../../shared/payments/ui/ServicePanel';
import { useFocusOnChange } from '../../../shared/ui/use-focus-on-change';
import styles from '../../../shared/payments/ui/payments.module.css';
import { failureOf } from './failure';
import { texts } from './texts';

const t = texts.manage;

/**
 * /subscription/manage?token=: the welcome e-mail's "Manage subscription" link. Payments opens a Stripe
 * customer portal session for the token's customer; the browser goes there. Without a token the subscriber
 * cookie of this browser is used.
 */
export function ManageScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? undefined;
  const [open, result] = useOpenPortalMutation();
  const requested = useRef(false);
  useEffect(() => {
    if (requested.current) return;
    requested.current = true;
    void open(token ? { token } : {});
  }, [token, open]);
  useEffect(() => {
    if (result.isSuccess) window.location.assign(result.data.url);
  }, [result.isSuccess, result.data]);

  const focusRef = useFocusOnChange<HTMLHeadingElement>(result.isError ? 'failed' : 'opening');
  const failure = result.isError ? failureOf(result.error, t.incomplete) : undefined;
  return (
    <AntdScope>
      <div className={styles.column}>
        {failure ? (
          <ServicePanel
            type="error"
            title={t.failedTitle}
            titleRef={focusRef}
            actions={
              failure.retryable ? <Button onClick={() => void open(token ? { token } : {})}>{t.retry}</Button> : null
            }
          >
            <p className={styles.text}>{failure.message}</p>
          </ServicePanel>
        ) : (
          <p className={styles.loading} role="status">
            {t.opening}
          </p>
        )}
        <div className={styles.actions}>
          <ButtonLink to="/">{t.home}</ButtonLink>
        </div>
      </div>
    </AntdScope>
  );
}
