import styles from './layout.module.css';

export function SkipLink({ target }: { target: string }) {
  return (
    <a className={styles.skipLink} href={`#${target}`}>
      Skip to main content
    </a>
  );
}
