import { EmailSignupForm } from '../../features/email-signup/components/EmailSignupForm';
import { HomeHero } from '../../features/home/components/HomeHero';
import { texts } from '../../features/home/texts';
import { DocumentTitle } from '../../shared/ui/DocumentTitle';
import { Surface } from '../../shared/ui/Surface';
import styles from './routes.module.css';

export function HomeRoute() {
  return (
    <>
      <DocumentTitle title={texts.pageTitle} />
      <section className={styles.homeGrid}>
        <HomeHero />
        <Surface className={styles.signupCard}>
          <EmailSignupForm />
        </Surface>
      </section>
    </>
  );
}
