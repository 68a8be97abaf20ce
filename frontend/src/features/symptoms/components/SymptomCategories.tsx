import { SYMPTOM_CATEGORIES, type SymptomCategoryId } from '@hhp/proto/catalogue/symptom-categories';
import { useId, useState } from 'react';
import { texts } from '../texts';
import { CATEGORY_ICONS } from './category-icons';
import styles from './symptoms.module.css';

/** The six categories; one is open at a time, and choosing the open one closes it. */
export function SymptomCategories({ onDescribe }: { onDescribe: (text: string) => void }) {
  const [open, setOpen] = useState<SymptomCategoryId | null>(null);
  const baseId = useId();
  const titleId = `${baseId}-title`;

  return (
    <section aria-labelledby={titleId} className={styles.section}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {texts.categoriesTitle}
      </h2>
      <ul className={styles.categories}>
        {SYMPTOM_CATEGORIES.map((category) => {
          const expanded = open === category.id;
          const panelId = `${baseId}-${category.id}`;
          const Icon = CATEGORY_ICONS[category.id];
          return (
            <li key={category.id} className={expanded ? `${styles.category} ${styles.expanded}` : styles.category}>
              <h3 className={styles.categoryHeading}>
                <button
                  type="button"
                  className={styles.categoryToggle}
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  onClick={() => setOpen(expanded ? null : category.id)}
                >
                  <span className={styles.categoryIcon} style={{ color: category.colour }}>
                    <Icon aria-hidden />
                  </span>
                  <span className={styles.categoryText}>
                    <span className={styles.categoryName}>{category.name}</span>
                    <span className={styles.categoryDescription}>{category.description}</span>
                  </span>
                  <span className={styles.chevron} aria-hidden>
                    {expanded ? '−' : '+'}
                  </span>
                </button>
              </h3>
              <div id={panelId} hidden={!expanded} className={styles.categoryPanel}>
                <p className={styles.panelLabel}>{texts.commonSymptoms}</p>
                <ul className={styles.symptomList}>
                  {category.symptoms.map((symptom) => (
                    <li key={symptom}>{symptom}</li>
                  ))}
                </ul>
                <button type="button" className={styles.linkButton} onClick={() => onDescribe(`${category.name}: `)}>
                  {texts.describeFor(category.name)}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
