import { CONDITIONS } from '@hhp/proto/catalogue/conditions';
import { CONDITION_LABEL, DISCLAIMER } from '@hhp/proto/catalogue/practitioner';
import { useParams } from 'react-router';
import { PagePreparing } from '../../shared/ui/PagePreparing';
import { PageHeader } from '../../shared/ui/PageHeader';
import { NotFoundRoute } from './not-found';
import styles from './routes.module.css';

/** One of the eight static condition pages; any other slug is not found. */
export function ConditionRoute() {
  const { slug } = useParams();
  const condition = CONDITIONS.find((candidate) => candidate.slug === slug);
  if (!condition) return <NotFoundRoute />;
  return (
    <>
      <span className={styles.label}>{CONDITION_LABEL}</span>
      <PageHeader title={condition.title} intro={condition.subtitle} />
      <PagePreparing />
      <p className={styles.disclaimer}>{DISCLAIMER}</p>
    </>
  );
}
