import type { Condition } from '@hhp/proto/catalogue/conditions';
import { MODALITIES } from '@hhp/proto/catalogue/modalities';
import { CONDITION_LABEL } from '@hhp/proto/catalogue/practitioner';
import { useId } from 'react';
import { Link } from '../../../shared/router/links';
import { PRACTITIONER_NAME } from '../../../shared/config/practitioner';
import { texts } from '../texts';
import styles from './conditions.module.css';

function modalityName(id: string): string {
  return MODALITIES.find((modality) => modality.id === id)?.name ?? id;
}

/** The top of a condition page: its label, title and subtitle, and the AI avatar's welcome naming the symptom. */
export function ConditionIntro({ condition }: { condition: Condition }) {
  return (
    <header className={styles.intro}>
      <span className={styles.label}>{CONDITION_LABEL}</span>
      <h1 className={styles.title}>{condition.title}</h1>
      <p className={styles.subtitle}>{condition.subtitle}</p>
    </header>
  );
}

export function WelcomeCard({ condition }: { condition: Condition }) {
  return (
    <div className={styles.welcome}>
      <span className={styles.avatar} aria-hidden>
        AI
      </span>
      <div>
        <p className={styles.avatarName}>{texts.avatarLabel(PRACTITIONER_NAME)}</p>
        <p className={styles.welcomeText}>{texts.welcome(PRACTITIONER_NAME, condition.symptom)}</p>
      </div>
    </div>
  );
}

/** The shared body of all eight pages: root causes, lists, three approaches, tips, energy patch. */
export function ConditionBody({ condition }: { condition: Condition }) {
  const rootId = useId();
  const approachesId = useId();
  const tipsId = useId();
  const patchId = useId();
  return (
    <>
      <section aria-labelledby={rootId} className={styles.card}>
        <h2 id={rootId} className={styles.cardTitle}>
          {texts.rootCausesTitle}
        </h2>
        <p className={styles.cardIntro}>{condition.rootCausesIntro}</p>
        <ul className={styles.causes}>
          {condition.rootCauses.map((cause) => (
            <li key={cause.title} className={styles.cause}>
              <h3 className={styles.causeTitle}>{cause.title}</h3>
              <p className={styles.causeText}>{cause.text}</p>
            </li>
          ))}
        </ul>
        {condition.lists && (
          <div className={styles.lists}>
            {condition.lists.map((list) => (
              <div key={list.title} className={styles.list}>
                <h3 className={styles.causeTitle}>{list.title}</h3>
                <ul className={styles.bullets}>
                  {list.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        )}
      </section>

      <section aria-labelledby={approachesId} className={styles.section}>
        <h2 id={approachesId} className={styles.sectionTitle}>
          {texts.approachesTitle}
        </h2>
        <ul className={styles.approaches}>
          {condition.approaches.map((approach) => (
            <li key={approach.title} className={styles.approach}>
              <h3 className={styles.approachTitle}>{approach.title}</h3>
              <ul className={styles.bullets}>
                {approach.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
              <Link to={`/treatments#${approach.modality}`} className={styles.approachLink}>
                {texts.learnMore(modalityName(approach.modality))}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby={tipsId} className={styles.card}>
        <h2 id={tipsId} className={styles.cardTitle}>
          {texts.tipsTitle}
        </h2>
        <ul className={styles.bullets}>
          {condition.tips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </section>

      {condition.energyPatch && (
        <section aria-labelledby={patchId} className={`${styles.card} ${styles.patch}`}>
          <h2 id={patchId} className={styles.cardTitle}>
            {condition.energyPatch.title}
          </h2>
          <p className={styles.cardIntro}>{condition.energyPatch.text}</p>
          <Link to="/treatments#lifewave" className={styles.approachLink}>
            {texts.learnMore(modalityName('lifewave'))}
          </Link>
        </section>
      )}
    </>
  );
}

export function ConditionCallToAction() {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={styles.cta}>
      <h2 id={titleId} className={styles.ctaTitle}>
        {texts.ctaTitle}
      </h2>
      <p className={styles.ctaText}>{texts.ctaText}</p>
      <div className={styles.ctaActions}>
        <Link to="/book" className={styles.ctaPrimary}>
          {texts.bookSession}
        </Link>
        <Link to="/subscribe" className={styles.ctaSecondary}>
          {texts.subscribe}
        </Link>
      </div>
    </section>
  );
}
