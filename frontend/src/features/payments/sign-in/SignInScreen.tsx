import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { useSearchParams } from '../../../shared/router/hooks';
import { quotaStale, useQuotaQuery } from '../../../shared/ai/api';
import { openChat, type ChatWidgetDispatch } from '../../../shared/chat-widget/chat-widget-slice';
import { useCompleteSignInMutation } from '../../../shared/subscriber-sign-in/api';
import { SignInLinkForm } from '../../../shared/subscriber-sign-in/SignInLinkForm';
import { AntdScope } from '../../../shared/ui/AntdScope';
import { Button, ButtonLink } from '../../../shared/ui/Button';
import { ServicePanel } from '../ui/ServicePanel';
import { useBackoffPoll } from '../ui/use-backoff-poll';
import { useFocusOnChange } from '../ui/use-focus-on-change';
import styles from '../ui/payments.module.css';
import { failureOf } from './failure';
import { texts } from './texts';

const t = texts.signIn;

/**
 * /subscription/sign-in?token=: the one-time link of the "Already subscribed?" e-mail. The token is posted
 * once; its answer sets the subscriber cookie, and the chat's counters are read again (until the AI service
 * says "subscriber") so the chat shows Unlimited Access without a reload.
 */
export function SignInScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [complete, result] = useCompleteSignInMutation();
  const requested = useRef<string | null>(null);
  useEffect(() => {
    if (!token || requested.current === token) return;
    requested.current = token;
    void complete({ token });
  }, [token, complete]);

  const done = result.isSuccess && result.data.active;
  const dispatch = useDispatch<ChatWidgetDispatch>();
  const quota = useQuotaQuery(done ? undefined : skipToken);
  useBackoffPoll(done && quota.data !== undefined && !quota.data.isSubscriber, quota.refetch);
  const announced = useRef(false);
  useEffect(() => {
    if (!done || announced.current) return;
    announced.current = true;
    dispatch(quotaStale());
  }, [done, dispatch]);

  const view = !token ? 'no-token' : done ? 'done' : result.isError ? 'failed' : 'checking';
  const focusRef = useFocusOnChange<HTMLHeadingElement>(view);
  const failure = result.isError ? failureOf(result.error, t.incomplete) : undefined;
  return (
    <AntdScope>
      <div className={styles.column}>
        {view === 'checking' && (
          <p className={styles.loading} role="status">
            {t.checking}
          </p>
        )}
        {view === 'done' && (
          <ServicePanel
            type="success"
            title={t.doneTitle}
            titleRef={focusRef}
            actions={
              <Button variant="primary" onClick={() => dispatch(openChat())}>
                {t.openChat}
              </Button>
            }
          >
            <p className={styles.text}>{t.doneText}</p>
          </ServicePanel>
        )}
        {view === 'no-token' && (
          <ServicePanel type="info" title={t.noTokenTitle} titleRef={focusRef}>
            <p className={styles.text}>{t.noToken}</p>
          </ServicePanel>
        )}
        {view === 'failed' && (
          <ServicePanel
            type="error"
            title={t.failedTitle}
            titleRef={focusRef}
            actions={
              failure?.retryable && token ? <Button onClick={() => void complete({ token })}>{t.retry}</Button> : null
            }
          >
            <p className={styles.text}>{failure?.message}</p>
          </ServicePanel>
        )}
        {(view === 'failed' || view === 'no-token') && !failure?.retryable && (
          <section className={styles.card} aria-label={t.askAgain}>
            <p className={styles.text}>{t.askAgain}</p>
            <SignInLinkForm initiallyOpen />
          </section>
        )}
        <div className={styles.actions}>
          <ButtonLink to="/">{t.home}</ButtonLink>
        </div>
      </div>
    </AntdScope>
  );
}
