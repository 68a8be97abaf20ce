import { PauseCircleOutlined } from '../../../shared/ui/icons/PauseCircleOutlined';
import { SoundOutlined } from '../../../shared/ui/icons/SoundOutlined';
import type { Modality } from '@hhp/proto/catalogue/modalities';
import type { MouseEvent } from 'react';
import { texts } from '../texts';
import { MODALITY_ICONS } from './modality-icons';
import styles from './treatments.module.css';

interface Props {
  modality: Modality;
  expanded: boolean;
  onToggle: () => void;
  /** The card's title: it also names the card's panel (ModalityPanel). */
  titleId: string;
  panelId: string;
  listening: boolean;
  /** Why the card could not be read aloud, shown under its buttons. */
  listenProblem?: string;
  onListen: () => void;
}

/** Clicks inside controls of the card are theirs; a click anywhere else on the card's top toggles it. */
function isOnControl(event: MouseEvent) {
  return (event.target as HTMLElement).closest('button, a') !== null;
}

/** A modality's card: its band, name, description, the Read More toggle, the listen button and why it could not read. */
export function ModalityCard({
  modality,
  expanded,
  onToggle,
  titleId,
  panelId,
  listening,
  listenProblem,
  onListen,
}: Props) {
  const Icon = MODALITY_ICONS[modality.id];

  return (
    // The id is the anchor the assistant cites (/treatments#ayurveda).
    <article id={modality.id} className={expanded ? `${styles.card} ${styles.expanded}` : styles.card}>
      {/* Mouse convenience only; the Read More button is the keyboard's (and screen reader's) toggle. */}
      <div className={styles.cardTop} onClick={(event) => !isOnControl(event) && onToggle()}>
        <div className={styles.cardBand} style={{ backgroundImage: modality.gradient }}>
          <span className={styles.cardIcon} style={{ color: modality.colour }}>
            <Icon aria-hidden />
          </span>
        </div>
        <div className={styles.cardBody}>
          <h3 id={titleId} className={styles.cardTitle}>
            {modality.name}
          </h3>
          <p className={styles.cardDescription}>{modality.description}</p>
          <div className={styles.cardActions}>
            <button
              type="button"
              className={styles.readMore}
              aria-expanded={expanded}
              aria-controls={panelId}
              aria-label={`${expanded ? texts.showLess : texts.readMore}: ${modality.name}`}
              onClick={onToggle}
            >
              {expanded ? texts.showLess : texts.readMore}
            </button>
            <button
              type="button"
              className={styles.listen}
              aria-label={listening ? texts.stopLabel(modality.name) : texts.listenLabel(modality.name)}
              data-listening={listening || undefined}
              onClick={onListen}
            >
              {listening ? <PauseCircleOutlined aria-hidden /> : <SoundOutlined aria-hidden />}{' '}
              {listening ? texts.stop : texts.listen}
            </button>
          </div>
          {/* Always there, so that a screen reader announces what is put in it. */}
          <p role="status" className={styles.listenProblem}>
            {listenProblem}
          </p>
        </div>
      </div>
    </article>
  );
}
