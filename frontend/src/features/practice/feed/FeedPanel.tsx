import { Alert, Button, Card, Input, Space } from 'antd';
import { useReducer } from 'react';
import { errorSentence } from '../../../shared/api/error-message';
import { formatTime } from '../texts';
import { ConfirmButton, LoadFailed } from '../panel-parts';
import { useSignInOn401 } from '../use-sign-in-on-401';
import styles from '../practice.module.css';
import { useCalendarFeedQuery, useCreateCalendarFeedMutation, useRevokeCalendarFeedMutation } from './feed-api';
import { feedReducer, feedView, initialFeedState } from './feed-state';
import { feedTexts as t } from './feed-texts';
import own from './feed.module.css';

/** One address, labelled, selectable, with its copy button. */
function Address({
  id,
  label,
  value,
  copyLabel,
  onCopy,
}: {
  id: string;
  label: string;
  value: string;
  copyLabel: string;
  onCopy: (value: string) => void;
}) {
  return (
    <div className={own.address}>
      <label htmlFor={id}>{label}</label>
      <Space.Compact className={own.row}>
        <Input id={id} readOnly value={value} onFocus={(e) => e.target.select()} data-testid={id} />
        <Button onClick={() => onCopy(value)}>{copyLabel}</Button>
      </Space.Compact>
    </div>
  );
}

/** The feed's address twice: as https, and as webcal for Apple Calendar and Outlook. */
function feedAddresses({ url, webcalUrl }: { url: string; webcalUrl: string }) {
  return [
    { id: 'practice-feed-url', label: t.urlLabel, value: url, copyLabel: t.copy },
    { id: 'practice-feed-webcal', label: t.webcalLabel, value: webcalUrl, copyLabel: t.copyWebcal },
  ];
}

/** The signed-in staff member's calendar feed: make it, copy its address (shown once), make a new one, revoke it. */
export function FeedPanel() {
  const status = useCalendarFeedQuery();
  const [create, creating] = useCreateCalendarFeedMutation();
  const [revoke, revoking] = useRevokeCalendarFeedMutation();
  const [state, dispatch] = useReducer(feedReducer, initialFeedState);
  useSignInOn401(status.error, creating.error, revoking.error);
  const view = feedView(status.data, state);

  const make = async () => {
    try {
      dispatch({ type: 'created', feed: await create().unwrap() });
    } catch (failure) {
      dispatch({ type: 'failed', text: errorSentence(failure) });
    }
  };
  const end = async () => {
    try {
      await revoke().unwrap();
      dispatch({ type: 'revoked', text: t.revoked });
    } catch (failure) {
      dispatch({ type: 'failed', text: errorSentence(failure) });
    }
  };
  const copy = async (value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      dispatch({ type: 'copied' });
    } catch {
      dispatch({ type: 'copy-failed' });
    }
  };

  return (
    <section className={styles.section} aria-labelledby="practice-feed">
      <Card title={<h2 id="practice-feed">{t.title}</h2>}>
        <p>{t.intro}</p>
        <div aria-live="polite">
          {state.notice && <Alert type={state.notice.type} showIcon title={state.notice.text} />}
          {state.copy === 'copied' && <p className={own.copied}>{t.copied}</p>}
          {state.copy === 'failed' && <Alert type="warning" showIcon title={t.copyFailed} />}
        </div>
        {status.error && !status.data ? (
          <LoadFailed error={status.error} />
        ) : view.kind === 'loading' ? null : view.kind === 'none' ? (
          <>
            <p data-testid="practice-feed-state">{t.none}</p>
            <Button type="primary" onClick={() => void make()} loading={creating.isLoading}>
              {t.create}
            </Button>
          </>
        ) : (
          <>
            <p data-testid="practice-feed-state">
              {t.since(formatTime(view.createdAt))}{' '}
              {view.lastFetchedAt ? t.lastFetched(formatTime(view.lastFetchedAt)) : t.neverFetched}
            </p>
            {view.address ? (
              <>
                <p>
                  <strong>{t.shownOnce}</strong>
                </p>
                {feedAddresses(view.address).map((address) => (
                  <Address key={address.id} {...address} onCopy={(value) => void copy(value)} />
                ))}
              </>
            ) : (
              <p>{t.hidden}</p>
            )}
            <Space wrap className={own.actions}>
              <ConfirmButton
                question={t.replaceConfirm}
                yes={t.replaceYes}
                no={t.keep}
                onConfirm={() => void make()}
                loading={creating.isLoading}
              >
                {t.replace}
              </ConfirmButton>
              <ConfirmButton
                question={t.revokeConfirm}
                yes={t.revokeYes}
                no={t.keep}
                onConfirm={() => void end()}
                danger
                loading={revoking.isLoading}
              >
                {t.revoke}
              </ConfirmButton>
            </Space>
          </>
        )}
        <h3 className={own.helpTitle}>{t.helpTitle}</h3>
        <dl className={own.help}>
          {t.help.map(({ app, how }) => (
            <div key={app}>
              <dt>{app}</dt>
              <dd>{how}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </section>
  );
}
