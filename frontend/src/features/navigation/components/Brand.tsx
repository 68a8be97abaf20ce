import { Link } from '../../../shared/router/links';
import { SITE_NAME } from '../../../shared/config/site';
import styles from './nav.module.css';

export function Brand() {
  return (
    <Link to="/" className={styles.brand}>
      <img src="/favicon.svg" alt="" width={32} height={32} />
      <span>{SITE_NAME}</span>
    </Link>
  );
}
