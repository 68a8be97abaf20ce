import type { ReactNode } from 'react';
import { ButtonLink } from '../../../shared/ui/Button';
import { Surface } from '../../../shared/ui/Surface';
import { useFocusOnChange } from '../../../shared/ui/use-focus-on-change';
import { listTexts as t } from '../list-texts';
import styles from './list-link.module.css';

interface Props {
  /** What the panel says now; focus moves to the heading when it changes (after the first render). */
  view: string;
  title: string;
  /** An error is read out as an alert, any other outcome as a status. */
  tone: 'status' | 'alert';
  children: ReactNode;
  actions?: ReactNode;
}

/** One outcome of an e-mail's link: its heading takes focus, and screen readers announce the text. */
export function ListLinkPanel({ view, title, tone, children, actions }: Props) {
  const heading = useFocusOnChange<HTMLHeadingElement>(view);
  return (
    <Surface className={styles.panel}>
      <h2 ref={heading} tabIndex={-1} className={styles.title}>
        {title}
      </h2>
      <div role={tone} className={tone === 'alert' ? styles.error : styles.text}>
        {children}
      </div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </Surface>
  );
}

/** The way back to the home page, under an outcome of a list link. */
export const listHome = <ButtonLink to="/">{t.home}</ButtonLink>;

/** A list link that lacks its token (cut short when copied): the same words on every list page. */
export function IncompleteListLink() {
  return (
    <ListLinkPanel view="incomplete" title={t.incompleteTitle} tone="alert" actions={listHome}>
      {t.incompleteText}
    </ListLinkPanel>
  );
}
