import { DISCLAIMER } from '@hhp/proto/catalogue/practitioner';
import { SITE_NAME } from '../../shared/config/site';
import { useScreenShowsDisclaimer } from '../route-handle';
import styles from './layout.module.css';

/** Every page shows the disclaimer once: here, unless the screen has its own (the condition pages). */
export function SiteFooter() {
  const screenShowsIt = useScreenShowsDisclaimer();
  return (
    <footer className={styles.footer}>
      {!screenShowsIt && <p className={styles.disclaimer}>{DISCLAIMER}</p>}
      <p className={styles.copyright}>
        © {new Date().getFullYear()} {SITE_NAME}
      </p>
    </footer>
  );
}
