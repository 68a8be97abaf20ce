import type { Modality } from '@hhp/proto/catalogue/modalities';
import { Link } from '../../../shared/router/links';
import { texts } from '../texts';
import styles from './treatments.module.css';

interface Props {
  modality: Modality;
  id: string;
  /** The title of the modality's card, which names this panel. */
  titleId: string;
  hidden: boolean;
}

/**
 * The open card's overview, benefits and booking link. It follows its card in the page (so it is read and
 * reached right after the card's toggle) and spans the whole grid below the card's row, so the row's other
 * cards keep their height instead of leaving a hole beside a tall card.
 */
export function ModalityPanel({ modality, id, titleId, hidden }: Props) {
  return (
    <section id={id} aria-labelledby={titleId} hidden={hidden} className={styles.panel}>
      <div className={styles.panelColumns}>
        <div>
          <h4 className={styles.panelTitle}>{texts.overview}</h4>
          <p className={styles.panelText}>{modality.overview}</p>
        </div>
        {modality.benefits && (
          <div>
            <h4 className={styles.panelTitle}>{texts.benefits}</h4>
            <ul className={styles.benefits}>
              {modality.benefits.map((benefit) => (
                <li key={benefit}>{benefit}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
      {/* The booking screen opens with the practitioner's consultation chosen and the modality in its notes. */}
      <Link to={`/book?plan=dr-helen&modality=${modality.id}`} className={styles.bookButton}>
        {texts.book(modality.name)}
      </Link>
    </section>
  );
}
