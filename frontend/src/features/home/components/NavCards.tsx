import { ArrowRightOutlined } from '../../../shared/ui/icons/ArrowRightOutlined';
import { useId } from 'react';
import { Link } from '../../../shared/router/links';
import { texts } from '../texts';
import styles from './home.module.css';

/** The four ways on from the home page; each card's link covers the whole card. */
export function NavCards() {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={styles.section}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {texts.exploreTitle}
      </h2>
      <ul className={styles.cards}>
        {texts.cards.map((card) => (
          <li key={card.to} className={styles.navCard}>
            <h3 className={styles.navCardTitle}>{card.title}</h3>
            <p className={styles.navCardText}>{card.text}</p>
            <Link to={card.to} className={styles.navCardLink}>
              {card.link} <ArrowRightOutlined aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
