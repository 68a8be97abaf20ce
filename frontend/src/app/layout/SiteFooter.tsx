import { DISCLAIMER } from '@hhp/proto/catalogue/practitioner';
import { SITE_NAME } from '../../shared/config/site';
import styles from './layout.module.css';

export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <p className={styles.disclaimer}>{DISCLAIMER}</p>
      <p className={styles.copyright}>
        © {new Date().getFullYear()} {SITE_NAME}
      </p>
    </footer>
  );
}
