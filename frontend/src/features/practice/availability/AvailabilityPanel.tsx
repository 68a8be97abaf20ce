import type { AffectedBooking, AvailabilityExceptionView, SessionType } from '@hhp/proto';
import { PLANS } from '@hhp/proto/catalogue/plans';
import {
  Alert,
  Button,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Radio,
  Table,
  type TableColumnsType,
} from 'antd';
import { useEffect, useReducer, useState } from 'react';
import { errorSentence } from '../../../shared/api/error-message';
import { PRACTITIONER_NAME } from '../../../shared/config/practitioner';
import { formatTime } from '../texts';
import { useSignInOn401 } from '../use-sign-in-on-401';
import styles from '../practice.module.css';
import own from './availability.module.css';
import {
  useAddAvailabilityExceptionMutation,
  usePracticeAvailabilityQuery,
  useRemoveAvailabilityExceptionMutation,
  useSetAvailabilityRuleMutation,
} from './availability-api';
import {
  availabilityReducer,
  exceptionBody,
  initialAvailability,
  ruleBody,
  type AvailabilityAction,
  type RuleDraft,
} from './availability-state';
import { availabilityTexts as texts } from './availability-texts';

const planName = (type: SessionType) => PLANS[type].name.replace('{name}', PRACTITIONER_NAME);
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

type Notice = { type: 'success' | 'error'; text: string } | undefined;

/** One plan's week: its days, its slots' start times and their length. */
function WeekForm({
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

const affectedColumns: TableColumnsType<AffectedBooking> = [
  { title: texts.affected.when, key: 'when', render: (_, b) => `${b.date} ${b.time}` },
  { title: texts.affected.plan, key: 'plan', render: (_, b) => planName(b.type) },
  { title: texts.affected.visitor, key: 'visitor', render: (_, b) => b.name ?? texts.affected.unnamed },
  { title: texts.affected.status, dataIndex: 'status', key: 'status' },
  { title: texts.affected.why, key: 'why', render: (_, b) => texts.affected.reasons[b.reason] },
];

/** The console's availability: each plan's week, the days off and extra days, and the bookings outside them. */
export function AvailabilityPanel() {
  const state = usePracticeAvailabilityQuery();
  const [setRule, settingRule] = useSetAvailabilityRuleMutation();
  const [addException, adding] = useAddAvailabilityExceptionMutation();
  const [removeException, removing] = useRemoveAvailabilityExceptionMutation();
  const [local, dispatch] = useReducer(availabilityReducer, undefined, initialAvailability);
  const [notice, setNotice] = useState<Notice>();
  useSignInOn401(state.error, settingRule.error, adding.error, removing.error);

  useEffect(() => {
    if (state.data) dispatch({ type: 'loaded', answer: state.data });
  }, [state.data]);

  const run = async (work: () => Promise<unknown>, done: string) => {
    setNotice(undefined);
    try {
      await work();
      setNotice({ type: 'success', text: done });
    } catch (failure) {
      setNotice({ type: 'error', text: errorSentence(failure) });
    }
  };

  const saveWeek = (draft: RuleDraft) =>
    run(
      async () => {
        await setRule({ type: draft.type, ...ruleBody(draft) }).unwrap();
        dispatch({ type: 'discard', plan: draft.type });
      },
      texts.week.saved(planName(draft.type)),
    );

  const addDay = () => {
    const made = exceptionBody(local.exception);
    if (!made.ok) {
      setNotice({ type: 'error', text: made.problem });
      return;
    }
    void run(async () => {
      await addException(made.body).unwrap();
      dispatch({ type: 'exception-added' });
    }, texts.exceptions.added(made.body.date));
  };

  const exceptionColumns: TableColumnsType<AvailabilityExceptionView> = [
    { title: texts.exceptions.date, dataIndex: 'date', key: 'date' },
    {
      title: texts.exceptions.kind,
      key: 'kind',
      render: (_, e) => (e.kind === 'closed' ? texts.exceptions.closed : texts.exceptions.open),
    },
    { title: texts.exceptions.plans, key: 'plans', render: (_, e) => e.types.map(planName).join(', ') },
    {
      title: texts.exceptions.times,
      key: 'times',
      render: (_, e) => (e.kind === 'open' ? (e.times?.join(', ') ?? texts.exceptions.usualTimes) : ''),
    },
    { title: texts.exceptions.note, dataIndex: 'note', key: 'note' },
    {
      title: texts.exceptions.remove,
      key: 'remove',
      render: (_, e) => (
        <Popconfirm
          title={texts.exceptions.removeConfirm(e.date)}
          okText={texts.exceptions.remove}
          onConfirm={() => run(() => removeException({ id: e.id }).unwrap(), texts.exceptions.removed(e.date))}
        >
          <Button danger aria-label={`${texts.exceptions.remove} ${e.date}`}>
            {texts.exceptions.remove}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  const data = state.data;
  const draft = local.exception;
  return (
    <section aria-labelledby="practice-availability" className={styles.section}>
      <h2 id="practice-availability">{texts.title}</h2>
      {state.error && !data ? (
        <Alert type="error" showIcon title={errorSentence(state.error)} />
      ) : data ? (
        <>
          <p>{texts.intro(data.timeZone)}</p>
          <div aria-live="polite" className={styles.message}>
            {notice && (
              <Alert
                type={notice.type}
                role={notice.type === 'error' ? 'alert' : 'status'}
                showIcon
                title={notice.text}
              />
            )}
          </div>

          <section className={styles.section}>
            <h3 id="practice-affected">{texts.affected.title}</h3>
            {data.affected.length === 0 ? (
              <p data-testid="availability-affected-none">{texts.affected.none}</p>
            ) : (
              <>
                <p>{texts.affected.intro}</p>
                <div className={styles.tableScroll} role="region" aria-labelledby="practice-affected" tabIndex={0}>
                  <Table<AffectedBooking>
                    rowKey="id"
                    columns={affectedColumns}
                    dataSource={data.affected}
                    pagination={false}
                    size="small"
                  />
                </div>
              </>
            )}
          </section>

          {local.drafts.map((rule) => (
            <WeekForm
              key={rule.type}
              draft={rule}
              dispatch={dispatch}
              onSave={() => void saveWeek(rule)}
              saving={settingRule.isLoading && settingRule.originalArgs?.type === rule.type}
              updatedAt={data.rules.find((r) => r.type === rule.type)?.updatedAt ?? null}
            />
          ))}

          <section className={styles.section}>
            <h3 id="practice-exceptions">{texts.exceptions.title}</h3>
            {data.exceptions.length === 0 ? (
              // Not antd's empty table: its placeholder's grey is below the contrast axe asks for.
              <p>{texts.exceptions.none}</p>
            ) : (
              <div className={styles.tableScroll} role="region" aria-labelledby="practice-exceptions" tabIndex={0}>
                <Table<AvailabilityExceptionView>
                  rowKey="id"
                  columns={exceptionColumns}
                  dataSource={data.exceptions}
                  pagination={false}
                  size="small"
                />
              </div>
            )}
            <Form layout="vertical" requiredMark={false} onFinish={addDay} className={styles.narrow}>
              <Form.Item label={texts.exceptions.date} htmlFor="availability-exception-date">
                <Input
                  id="availability-exception-date"
                  type="date"
                  min={data.today}
                  value={draft.date}
                  onChange={(e) => dispatch({ type: 'exception', fields: { date: e.target.value } })}
                />
              </Form.Item>
              <Form.Item label={texts.exceptions.kind}>
                <Radio.Group
                  aria-label={texts.exceptions.kind}
                  value={draft.kind}
                  onChange={(e) =>
                    dispatch({ type: 'exception', fields: { kind: e.target.value as 'closed' | 'open' } })
                  }
                  options={[
                    { value: 'closed', label: texts.exceptions.closed },
                    { value: 'open', label: texts.exceptions.open },
                  ]}
                />
              </Form.Item>
              <div role="group" aria-labelledby="availability-exception-plans" className={own.field}>
                <div id="availability-exception-plans" className={own.label}>
                  {texts.exceptions.plans}
                </div>
                <Checkbox.Group
                  value={draft.types}
                  options={(['ai-session', 'subscription', 'dr-helen'] as const).map((type) => ({
                    value: type,
                    label: planName(type),
                  }))}
                  onChange={(types) => dispatch({ type: 'exception', fields: { types } })}
                />
              </div>
              <Form.Item label={texts.exceptions.times} htmlFor="availability-exception-times">
                <Input
                  id="availability-exception-times"
                  placeholder="10:00, 13:00"
                  disabled={draft.kind === 'closed'}
                  value={draft.times}
                  onChange={(e) => dispatch({ type: 'exception', fields: { times: e.target.value } })}
                />
              </Form.Item>
              <Form.Item label={texts.exceptions.note} htmlFor="availability-exception-note">
                <Input
                  id="availability-exception-note"
                  maxLength={120}
                  value={draft.note}
                  onChange={(e) => dispatch({ type: 'exception', fields: { note: e.target.value } })}
                />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={adding.isLoading}>
                {texts.exceptions.add}
              </Button>
            </Form>
          </section>
        </>
      ) : (
        <p>…</p>
      )}
    </section>
  );
}
