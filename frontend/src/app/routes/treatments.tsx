import { ModalityGrid } from '../../features/treatments/components/ModalityGrid';
import { ScheduleCard } from '../../features/treatments/components/ScheduleCard';
import { texts } from '../../features/treatments/texts';
import { QueryBar } from '../../shared/ai/QueryBar';
import { CrisisBanner } from '../../shared/crisis/CrisisBanner';
import { PageHeader } from '../../shared/ui/PageHeader';
import styles from './routes.module.css';

export function TreatmentsRoute() {
  return (
    <>
      <CrisisBanner />
      <PageHeader title={texts.pageTitle} intro={texts.intro} />
      <ModalityGrid />
      <ScheduleCard />
      <section aria-label={texts.askTitle} className={styles.askSection}>
        <QueryBar />
      </section>
    </>
  );
}
