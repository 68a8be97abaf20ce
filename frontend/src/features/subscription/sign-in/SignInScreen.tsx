import { useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { useSearchParams } from '../../../shared/router/hooks';
import { openChat, type ChatWidgetDispatch } from '../../../shared/chat-widget/chat-widget-slice';
import { useCompleteSignInMutation } from '../../../shared/subscriber-sign-in/api';
import { SignInLinkForm } from '../../../shared/subscriber-sign-in/SignInLinkForm';
import { Button } from '../../../shared/ui/Button';
import { StatusPage, type PageStatus } from '../../../shared/payments/ui/StatusPage';
import styles from '../../../shared/payments/ui/payments.module.css';
import { useSubscriberKnown } from '../use-subscriber-known';
import { failureOf } from './failure';
import { offersNewLink, signInView } from './sign-in-view';
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
  useSubscriberKnown(done);

  const view = signInView(token, result.isSuccess ? result.data : undefined, result.isError);
  const failure = result.isError ? failureOf(result.error, t.incomplete) : undefined;
  const status = ((): PageStatus => {
    switch (view) {
      case 'checking':
        return { checking: t.checking };
      case 'done':
        return {
          type: 'success',
          title: t.doneTitle,
          body: [t.doneText],
          actions: (
            <Button variant="primary" onClick={() => dispatch(openChat())}>
              {t.openChat}
            </Button>
          ),
        };
      case 'no-token':
        return { type: 'info', title: t.noTokenTitle, body: [t.noToken] };
      case 'failed':
        return {
          type: 'error',
          title: t.failedTitle,
          body: [failure?.message],
          actions: failure?.retryable && token && <Button onClick={() => void complete({ token })}>{t.retry}</Button>,
        };
    }
  })();
  // Opened without a link, the visitor has had none: the form asks for one, not for a new one.
  const ask = view === 'no-token' ? t.askFirst : t.askAgain;
  return (
    <StatusPage status={status} view={view} home={t.home}>
      {offersNewLink(view, failure?.retryable) && (
        <section className={styles.card} aria-label={ask}>
          <p className={styles.text}>{ask}</p>
          <SignInLinkForm initiallyOpen />
        </section>
      )}
    </StatusPage>
  );
}
