import type { ReactNode } from 'react';
import { DocumentTitle } from './DocumentTitle';
import styles from './ui.module.css';

/** The page's one h1, its intro, and the matching document title. */
export function PageHeader({ title, intro, children }: { title: string; intro: string; children?: ReactNode }) {
  return (
    <header className={styles.pageHeader}>
      <DocumentTitle title={title} />
      <h1 className={styles.pageTitle}>{title}</h1>
      <p className={styles.pageIntro}>{intro}</p>
      {children}
    </header>
  );
}
