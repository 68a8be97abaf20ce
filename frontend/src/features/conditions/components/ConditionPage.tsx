import type { Condition } from '@hhp/proto/catalogue/conditions';
import { DISCLAIMER } from '@hhp/proto/catalogue/practitioner';
import { QueryBar } from '../../../shared/ai/QueryBar';
import { PRACTITIONER_NAME } from '../../../shared/config/practitioner';
import { CrisisBanner } from '../../../shared/crisis/CrisisBanner';
import { DocumentTitle } from '../../../shared/ui/DocumentTitle';
import { texts } from '../texts';
import { ConditionBody, ConditionCallToAction, ConditionIntro, WelcomeCard } from './ConditionArticle';
import styles from './conditions.module.css';

/** The one template of the eight condition pages (specification, section 2). */
export function ConditionPage({ condition }: { condition: Condition }) {
  return (
    <>
      <DocumentTitle title={condition.name} description={condition.metaDescription} />
      <CrisisBanner />
      <ConditionIntro condition={condition} />
      <p className={styles.disclaimerBar} role="note">
        {DISCLAIMER}
      </p>
      <WelcomeCard condition={condition} />
      <section aria-label={texts.askLabel(PRACTITIONER_NAME)} className={styles.ask}>
        <QueryBar
          label={texts.askLabel(PRACTITIONER_NAME)}
          placeholder={texts.askPlaceholder(PRACTITIONER_NAME)}
          shortPlaceholder={texts.askPlaceholderShort}
        />
      </section>
      <ConditionBody condition={condition} />
      <ConditionCallToAction />
    </>
  );
}
