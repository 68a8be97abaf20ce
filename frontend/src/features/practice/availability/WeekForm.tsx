import { Alert, Button, Checkbox, Form, Input, InputNumber } from 'antd';
import { useState } from 'react';
import { planName } from '../../../shared/payments/texts';
import { formatTime } from '../texts';
import styles from '../practice.module.css';
import own from './availability.module.css';
import type { AvailabilityAction, RuleDraft } from './availability-state';
import { availabilityTexts as texts } from './availability-texts';

const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

/** One plan's week: its days, its slots' start times and their length. */
export function WeekForm({
  draft,
  dispatch,
  onSave,
  saving,
  updatedAt,
}: {
  draft: RuleDraft;
  dispatch: (action: AvailabilityAction) => void;
  onSave: () => void;
  saving: boolean;
  updatedAt: string | null;
}) {
  const [newTime, setNewTime] = useState('');
  const plan = draft.type;
  const id = `availability-${plan}`;
  return (
    <fieldset className={own.week} aria-describedby={`${id}-status`}>
      <legend>
        <h3 id={id}>{planName(plan)}</h3>
      </legend>
      <p id={`${id}-status`}>{updatedAt ? texts.week.changedAt(formatTime(updatedAt)) : texts.week.fromCatalogue}</p>
      <Form layout="vertical" requiredMark={false} onFinish={onSave} className={styles.narrow}>
        <div role="group" aria-labelledby={`${id}-days`} className={own.field}>
          <div id={`${id}-days`} className={own.label}>
            {texts.week.days}
          </div>
          <Checkbox.Group
            value={draft.weekdays}
            options={WEEK_ORDER.map((day) => ({ value: day, label: texts.shortDays[day], title: texts.days[day] }))}
            onChange={(days) => {
              const changed = WEEK_ORDER.find((d) => days.includes(d) !== draft.weekdays.includes(d));
              if (changed !== undefined) dispatch({ type: 'toggle-day', plan, day: changed });
            }}
          />
        </div>
        <div className={own.field}>
          <div id={`${id}-times`} className={own.label}>
            {texts.week.times}
          </div>
          <ul className={own.times} aria-labelledby={`${id}-times`}>
            {draft.times.length === 0 && <li>{texts.week.noTimes}</li>}
            {draft.times.map((time) => (
              <li key={time}>
                <Button
                  size="small"
                  aria-label={texts.week.removeTime(time)}
                  onClick={() => dispatch({ type: 'remove-time', plan, time })}
                >
                  {time} ×
                </Button>
              </li>
            ))}
          </ul>
        </div>
        <Form.Item label={texts.week.newTime} htmlFor={`${id}-new-time`}>
          <div className={own.inline}>
            <Input
              id={`${id}-new-time`}
              type="time"
              value={newTime}
              onChange={(e) => setNewTime(e.target.value)}
              className={own.timeInput}
            />
            <Button
              onClick={() => {
                dispatch({ type: 'add-time', plan, time: newTime });
                setNewTime('');
              }}
            >
              {texts.week.addTime}
            </Button>
          </div>
        </Form.Item>
        <Form.Item label={texts.week.length} htmlFor={`${id}-length`}>
          <InputNumber
            id={`${id}-length`}
            min={15}
            max={240}
            step={5}
            value={draft.durationMinutes}
            onChange={(minutes) => {
              if (typeof minutes === 'number') dispatch({ type: 'set-length', plan, minutes });
            }}
          />
        </Form.Item>
        <div aria-live="polite">{draft.problem && <Alert type="warning" showIcon title={draft.problem} />}</div>
        <div className={own.inline}>
          <Button type="primary" htmlType="submit" loading={saving} disabled={!draft.dirty}>
            {texts.week.save}
          </Button>
          <Button disabled={!draft.dirty} onClick={() => dispatch({ type: 'discard', plan })}>
            {texts.week.discard}
          </Button>
        </div>
      </Form>
    </fieldset>
  );
}
