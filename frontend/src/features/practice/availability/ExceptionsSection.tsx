import type { AvailabilityExceptionView, SessionType } from '@hhp/proto';
import { Button, Checkbox, Form, Input, Radio, Table, type TableColumnsType } from 'antd';
import type { ComponentProps } from 'react';
import { planName } from '../../../shared/payments/texts';
import { ConfirmButton, ScrollRegion } from '../panel-parts';
import styles from '../practice.module.css';
import own from './availability.module.css';
import type { AvailabilityAction, ExceptionDraft } from './availability-state';
import { availabilityTexts as texts } from './availability-texts';

const t = texts.exceptions;
const TYPES: readonly SessionType[] = ['ai-session', 'subscription', 'dr-helen'];

interface Props {
  exceptions: AvailabilityExceptionView[];
  /** The practice's today (YYYY-MM-DD): no earlier day can be picked. */
  today: string;
  draft: ExceptionDraft;
  dispatch: (action: AvailabilityAction) => void;
  onAdd: () => void;
  adding: boolean;
  onRemove: (exception: AvailabilityExceptionView) => void;
}

/** The days off and extra days: the list, each with its Remove, and the form that adds one. */
export function ExceptionsSection({ exceptions, today, draft, dispatch, onAdd, adding, onRemove }: Props) {
  const columns: TableColumnsType<AvailabilityExceptionView> = [
    { title: t.date, dataIndex: 'date', key: 'date' },
    { title: t.kind, key: 'kind', render: (_, e) => (e.kind === 'closed' ? t.closed : t.open) },
    { title: t.plans, key: 'plans', render: (_, e) => e.types.map(planName).join(', ') },
    {
      title: t.times,
      key: 'times',
      render: (_, e) => (e.kind === 'open' ? (e.times?.join(', ') ?? t.usualTimes) : ''),
    },
    { title: t.note, dataIndex: 'note', key: 'note' },
    {
      title: t.remove,
      key: 'remove',
      render: (_, e) => (
        <ConfirmButton
          question={t.removeConfirm(e.date)}
          yes={t.remove}
          onConfirm={() => onRemove(e)}
          danger
          aria-label={`${t.remove} ${e.date}`}
        >
          {t.remove}
        </ConfirmButton>
      ),
    },
  ];
  const change = (fields: Partial<ExceptionDraft>) => dispatch({ type: 'exception', fields });

  return (
    <section className={styles.section}>
      <h3 id="practice-exceptions">{t.title}</h3>
      {exceptions.length === 0 ? (
        // Not antd's empty table: its placeholder's grey is below the contrast axe asks for.
        <p>{t.none}</p>
      ) : (
        <ScrollRegion labelledBy="practice-exceptions">
          <Table<AvailabilityExceptionView>
            rowKey="id"
            columns={columns}
            dataSource={exceptions}
            pagination={false}
            size="small"
          />
        </ScrollRegion>
      )}
      <Form layout="vertical" requiredMark={false} onFinish={onAdd} className={styles.narrow}>
        <TextField
          id="availability-exception-date"
          label={t.date}
          type="date"
          min={today}
          value={draft.date}
          onChange={(date) => change({ date })}
        />
        <Form.Item label={t.kind}>
          <Radio.Group
            aria-label={t.kind}
            value={draft.kind}
            onChange={(e) => change({ kind: e.target.value as 'closed' | 'open' })}
            options={[
              { value: 'closed', label: t.closed },
              { value: 'open', label: t.open },
            ]}
          />
        </Form.Item>
        <div role="group" aria-labelledby="availability-exception-plans" className={own.field}>
          <div id="availability-exception-plans" className={own.label}>
            {t.plans}
          </div>
          <Checkbox.Group
            value={draft.types}
            options={TYPES.map((type) => ({ value: type, label: planName(type) }))}
            onChange={(types) => change({ types })}
          />
        </div>
        <TextField
          id="availability-exception-times"
          label={t.times}
          placeholder="10:00, 13:00"
          disabled={draft.kind === 'closed'}
          value={draft.times}
          onChange={(times) => change({ times })}
        />
        <TextField
          id="availability-exception-note"
          label={t.note}
          maxLength={120}
          value={draft.note}
          onChange={(note) => change({ note })}
        />
        {/* Disabled while an add is on its way, not antd's `loading`: an add that ended within a few frames left its
            spinner on the button for good ("loading Add"), even with a delay, which failed the console's e2e. */}
        <Button type="primary" htmlType="submit" disabled={adding}>
          {t.add}
        </Button>
      </Form>
    </section>
  );
}

/** A labelled text input of the form (its label names it by `id`). */
function TextField({
  id,
  label,
  onChange,
  ...input
}: { id: string; label: string; onChange: (value: string) => void } & Omit<
  ComponentProps<typeof Input>,
  'id' | 'onChange'
>) {
  return (
    <Form.Item label={label} htmlFor={id}>
      <Input id={id} onChange={(e) => onChange(e.target.value)} {...input} />
    </Form.Item>
  );
}
