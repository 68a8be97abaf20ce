import styles from './close-button.module.css';

interface Props {
  /** What it closes, for screen readers ("Close chat", "Close notification"). */
  label: string;
  onClick: () => void;
  /** Its look where it is not a widget's header (the round white cross on the header's colour). */
  className?: string;
}

/** The cross that closes a widget's panel or a notice: an icon button named by its label. */
export function CloseButton({ label, onClick, className = styles.header }: Props) {
  return (
    <button type="button" className={className} aria-label={label} onClick={onClick}>
      <svg className={styles.cross} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M6 6l12 12M18 6L6 18" />
      </svg>
    </button>
  );
}
