import { Fragment, type ReactNode, type Ref } from 'react';
import { errorSentence } from '../../api/error-message';
import { AntdScope } from '../../ui/AntdScope';
import { Button, ButtonLink } from '../../ui/Button';
import { ServicePanel } from './ServicePanel';
import { useFocusOnChange } from '../../ui/use-focus-on-change';
import styles from './payments.module.css';

/** One panel of a status page: a string in `body` is a paragraph, anything else is shown as it is. */
export interface StatusPanel {
  type: 'error' | 'warning' | 'info' | 'success';
  title: string;
  body: ReactNode[];
  actions?: ReactNode;
}

/** What a status page shows: a line while the servers are asked, or a panel with their answer. */
export type PageStatus = { checking: string } | StatusPanel;

/**
 * The two views every status page has before the servers' answer: still asking (`checking`), and the ask failed
 * (`load-error`). Each page's own views are its answers; these two are said the same way on every page.
 */
export type AskingView = 'checking' | 'load-error';

export const isAsking = (view: string): view is AskingView => view === 'checking' || view === 'load-error';

/** A page's words for its asking views: the line while it asks, the failed ask's title and its button. */
export interface AskingTexts {
  checking: string;
  failedTitle: string;
  askAgain: string;
}

/** The ask of a status page: why it failed (when it did), and asking again. */
export interface Ask {
  error: unknown;
  ask: () => void;
}

/**
 * What a page shows in an asking view: its line, or the failed ask's panel: what the page had read before, the
 * reason (errorSentence), and a button that asks again.
 */
export function askingStatus(view: AskingView, texts: AskingTexts, c: Ask, ...before: ReactNode[]): PageStatus {
  if (view === 'checking') return { checking: texts.checking };
  return {
    type: 'error',
    title: texts.failedTitle,
    body: [...before, errorSentence(c.error)],
    actions: <Button onClick={c.ask}>{texts.askAgain}</Button>,
  };
}

/** A panel's way on: a link to the next page (book again, subscribe, back to checkout). */
export function goTo(to: string, label: string): ReactNode {
  return (
    <ButtonLink to={to} variant="primary">
      {label}
    </ButtonLink>
  );
}

interface Props {
  status: PageStatus;
  /** The name of what is shown: focus moves to the panel's heading whenever it changes after the first render. */
  view: string;
  /** "Back to the home page" in the screen's own words. */
  home: string;
  /** A screen that moves focus itself (between its panel and a step) passes the heading's ref. */
  titleRef?: Ref<HTMLHeadingElement>;
  /** Shown below the panel (a step, a form). */
  children?: ReactNode;
}

/**
 * The layout of the screens that say what the servers answered about a link or a return (the session's and the
 * subscription's confirmations, joining a session, managing a booking, a subscriber's sign-in): the answer's
 * panel, whose heading takes focus when it replaces another, what the screen adds below it, and the way home.
 */
export function StatusPage({ status, view, home, titleRef, children }: Props) {
  const focusRef = useFocusOnChange<HTMLHeadingElement>(view);
  return (
    <AntdScope>
      <div className={styles.column}>
        {'checking' in status ? (
          <p className={styles.loading} role="status">
            {status.checking}
          </p>
        ) : (
          <ServicePanel
            type={status.type}
            title={status.title}
            titleRef={titleRef ?? focusRef}
            actions={status.actions}
          >
            {status.body.map((part, i) => (
              <Fragment key={i}>
                {typeof part === 'string' && part ? <p className={styles.text}>{part}</p> : part}
              </Fragment>
            ))}
          </ServicePanel>
        )}
        {children}
        <div className={styles.actions}>
          <ButtonLink to="/">{home}</ButtonLink>
        </div>
      </div>
    </AntdScope>
  );
}
