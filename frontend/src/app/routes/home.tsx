import { useId } from 'react';
import { EmailSignupForm } from '../../features/email-signup/components/EmailSignupForm';
import { HomeHero } from '../../features/home/components/HomeHero';
import { HowItWorks } from '../../features/home/components/HowItWorks';
import { NavCards } from '../../features/home/components/NavCards';
import { StatsCard } from '../../features/home/components/StatsCard';
import { texts } from '../../features/home/texts';
import { QueryBar } from '../../shared/ai/QueryBar';
import { PRACTITIONER_NAME } from '../../shared/config/practitioner';
import { CrisisBanner } from '../../shared/crisis/CrisisBanner';
import { DocumentTitle } from '../../shared/ui/DocumentTitle';
import { Surface } from '../../shared/ui/Surface';
import styles from './routes.module.css';

export function HomeRoute() {
  const askId = useId();
  return (
    <>
      <DocumentTitle title={texts.pageTitle} />
      <CrisisBanner />
      <section className={styles.homeGrid}>
        <HomeHero />
        <div className={styles.sideColumn}>
          <StatsCard />
          <Surface className={styles.signupCard}>
            <EmailSignupForm />
          </Surface>
        </div>
      </section>
      <section aria-labelledby={askId} className={styles.askSection}>
        <h2 id={askId} className={styles.sectionTitle}>
          {texts.askTitle(PRACTITIONER_NAME)}
        </h2>
        <p className={styles.sectionIntro}>{texts.askIntro}</p>
        <QueryBar />
      </section>
      <HowItWorks />
      <NavCards />
    </>
  );
}
