import { PLANS, SESSION_TYPES, type SessionType } from '@hhp/proto/catalogue/plans';
import { useId, useState, type MouseEvent } from 'react';
import { ButtonLink } from '../../shared/ui/Button';
import { planName, planSummary, texts } from '../../shared/payments/texts';
import { money } from '../../shared/payments/ui/time';
import styles from '../../shared/payments/slots/booking.module.css';

interface Props {
  value: SessionType;
  onChange: (type: SessionType) => void;
}

/**
 * The three plans as a radio group: the arrow keys move the choice, a click anywhere on a card chooses it,
 * except on the subscription card's own link to /subscribe (specification: it does not choose the card).
 */
export function PlanCards({ value, onChange }: Props) {
  const legendId = useId();
  const name = useId();
  // Announced after a change only: the first render's choice is the page's default, not news.
  const [announced, setAnnounced] = useState('');

  const choose = (type: SessionType) => {
    setAnnounced(texts.booking.selected(planName(type)));
    onChange(type);
  };

  const onCardClick = (event: MouseEvent<HTMLDivElement>, type: SessionType) => {
    if ((event.target as HTMLElement).closest('a, input, label')) return;
    choose(type);
  };

  return (
    <fieldset className={styles.fieldset} aria-labelledby={legendId}>
      <legend id={legendId} className={styles.legend}>
        {texts.booking.plansTitle}
      </legend>
      <div className={styles.planGrid}>
        {SESSION_TYPES.map((type) => (
          <PlanCard
            key={type}
            type={type}
            name={name}
            selected={type === value}
            onChoose={choose}
            onCardClick={onCardClick}
          />
        ))}
      </div>
      <p className={styles.visuallyHidden} role="status">
        {announced}
      </p>
    </fieldset>
  );
}

interface CardProps {
  type: SessionType;
  name: string;
  selected: boolean;
  onChoose: (type: SessionType) => void;
  onCardClick: (event: MouseEvent<HTMLDivElement>, type: SessionType) => void;
}

function PlanCard({ type, name, selected, onChoose, onCardClick }: CardProps) {
  const plan = PLANS[type];
  const inputId = useId();
  const detailsId = useId();
  return (
    // The radio inside is the keyboard's way to choose; the card's click is the pointer's larger target.
    <div
      className={selected ? `${styles.planCard} ${styles.planSelected}` : styles.planCard}
      onClick={(event) => onCardClick(event, type)}
      data-plan={type}
    >
      <label htmlFor={inputId} className={styles.planLabel}>
        <input
          id={inputId}
          type="radio"
          name={name}
          value={type}
          checked={selected}
          onChange={() => onChoose(type)}
          aria-describedby={detailsId}
          className={styles.planRadio}
        />
        {planName(type)}
      </label>
      <div id={detailsId}>
        <p className={styles.planPrice}>
          {money(plan.price)} <span className={styles.planUnit}>{texts.booking.priceUnit[type]}</span>
        </p>
        <p className={styles.planSummary}>
          {planSummary(type)}, {texts.booking.minutes(plan.durationMinutes)}.
        </p>
      </div>
      <ul className={styles.planFeatures}>
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      {type === 'subscription' && (
        <div className={styles.planAction}>
          <ButtonLink to="/subscribe" variant="primary" block>
            {texts.booking.subscribeLink}
          </ButtonLink>
        </div>
      )}
    </div>
  );
}
