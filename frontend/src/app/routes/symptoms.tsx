import { SymptomExplorer } from '../../features/symptoms/components/SymptomExplorer';
import { texts } from '../../features/symptoms/texts';
import { QueryBar } from '../../shared/ai/QueryBar';
import { PRACTITIONER_NAME } from '../../shared/config/practitioner';
import { CrisisBanner } from '../../shared/crisis/CrisisBanner';
import { PageHeader } from '../../shared/ui/PageHeader';
import styles from './routes.module.css';

export function SymptomsRoute() {
  return (
    <>
      <CrisisBanner />
      <PageHeader title={texts.pageTitle} intro={texts.intro(PRACTITIONER_NAME)} />
      <SymptomExplorer />
      <section aria-label={texts.askTitle} className={styles.askSection}>
        <QueryBar />
      </section>
    </>
  );
}
