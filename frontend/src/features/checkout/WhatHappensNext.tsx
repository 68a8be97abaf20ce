import { useId } from 'react';
import { Surface } from '../../shared/ui/Surface';
import { texts } from '../../shared/payments/texts';
import styles from '../../shared/payments/ui/payments.module.css';

export function WhatHappensNext() {
  const headingId = useId();
  return (
    <Surface className={styles.card}>
      <section aria-labelledby={headingId} className={styles.column}>
        <h2 id={headingId} className={styles.title}>
          {texts.checkout.nextTitle}
        </h2>
        <ol className={styles.numbered}>
          {texts.checkout.next.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ol>
      </section>
    </Surface>
  );
}
