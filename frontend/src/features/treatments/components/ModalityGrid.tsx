import { MODALITIES, type ModalityId } from '@hhp/proto/catalogue/modalities';
import { readAloudParts } from '@hhp/proto/speech-parts';
import { Fragment, useEffect, useId, useState } from 'react';
import { useLocation } from '../../../shared/router/hooks';
import { useReadAloud } from '../hooks/use-read-aloud';
import { texts } from '../texts';
import { ModalityCard } from './ModalityCard';
import { ModalityPanel } from './ModalityPanel';
import styles from './treatments.module.css';

function modalityFromHash(hash: string): ModalityId | null {
  const id = hash.replace(/^#/, '');
  return MODALITIES.find((modality) => modality.id === id)?.id ?? null;
}

/**
 * The six modality cards; one is open at a time, and choosing the open one closes it. The open card's panel
 * comes right after it and spans the grid below the card's row (the grid packs the row's later cards before it).
 */
export function ModalityGrid() {
  const { hash } = useLocation();
  // A citation such as /treatments#ayurveda opens that card.
  const [open, setOpen] = useState<ModalityId | null>(() => modalityFromHash(hash));
  const [cited, setCited] = useState(hash);
  const titleId = useId();
  const { speaking, problem, toggle, attachPlayer } = useReadAloud();

  if (hash !== cited) {
    setCited(hash);
    const fromHash = modalityFromHash(hash);
    if (fromHash) setOpen(fromHash);
  }

  useEffect(() => {
    const id = modalityFromHash(hash);
    if (id) document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, [hash]);

  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {texts.modalitiesTitle}
      </h2>
      <div className={styles.grid}>
        {MODALITIES.map((modality) => {
          const expanded = open === modality.id;
          const cardTitleId = `${titleId}-${modality.id}`;
          const panelId = `${cardTitleId}-panel`;
          return (
            <Fragment key={modality.id}>
              <ModalityCard
                modality={modality}
                expanded={expanded}
                titleId={cardTitleId}
                panelId={panelId}
                onToggle={() => setOpen(expanded ? null : modality.id)}
                listening={speaking === modality.id}
                listenProblem={problem?.key === modality.id ? problem.message : undefined}
                onListen={() => toggle(modality.id, readAloudParts(modality))}
              />
              <ModalityPanel modality={modality} id={panelId} titleId={cardTitleId} hidden={!expanded} />
            </Fragment>
          );
        })}
      </div>
      {/* The portal's voice, when the browser's cannot read a card: no controls, so nothing shows. */}
      <audio ref={attachPlayer} data-read-aloud />
    </section>
  );
}
