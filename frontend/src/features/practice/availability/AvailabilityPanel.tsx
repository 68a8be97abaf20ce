import type { AffectedBooking } from '@hhp/proto';
import { Table, type TableColumnsType } from 'antd';
import { useEffect, useReducer } from 'react';
import { planName } from '../../../shared/payments/texts';
import { LoadFailed, PanelNotice, ScrollRegion, useNotice } from '../panel-parts';
import { useSignInOn401 } from '../use-sign-in-on-401';
import styles from '../practice.module.css';
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
  type RuleDraft,
} from './availability-state';
import { availabilityTexts as texts } from './availability-texts';
import { ExceptionsSection } from './ExceptionsSection';
import { WeekForm } from './WeekForm';

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
  const { notice, setNotice, run } = useNotice();
  useSignInOn401(state.error, settingRule.error, adding.error, removing.error);

  useEffect(() => {
    if (state.data) dispatch({ type: 'loaded', answer: state.data });
  }, [state.data]);

  const saveWeek = (draft: RuleDraft) =>
    run(async () => {
      await setRule({ type: draft.type, ...ruleBody(draft) }).unwrap();
      dispatch({ type: 'discard', plan: draft.type });
      return texts.week.saved(planName(draft.type));
    });

  const addDay = () => {
    const made = exceptionBody(local.exception);
    if (!made.ok) {
      setNotice({ type: 'error', text: made.problem });
      return;
    }
    void run(async () => {
      await addException(made.body).unwrap();
      dispatch({ type: 'exception-added' });
      return texts.exceptions.added(made.body.date);
    });
  };

  const data = state.data;
  return (
    <section aria-labelledby="practice-availability" className={styles.section}>
      <h2 id="practice-availability">{texts.title}</h2>
      {state.error && !data ? (
        <LoadFailed error={state.error} />
      ) : data ? (
        <>
          <p>{texts.intro(data.timeZone)}</p>
          <PanelNotice notice={notice} />

          <section className={styles.section}>
            <h3 id="practice-affected">{texts.affected.title}</h3>
            {data.affected.length === 0 ? (
              <p data-testid="availability-affected-none">{texts.affected.none}</p>
            ) : (
              <>
                <p>{texts.affected.intro}</p>
                <ScrollRegion labelledBy="practice-affected">
                  <Table<AffectedBooking>
                    rowKey="id"
                    columns={affectedColumns}
                    dataSource={data.affected}
                    pagination={false}
                    size="small"
                  />
                </ScrollRegion>
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

          <ExceptionsSection
            exceptions={data.exceptions}
            today={data.today}
            draft={local.exception}
            dispatch={dispatch}
            onAdd={addDay}
            adding={adding.isLoading}
            onRemove={(e) =>
              void run(async () => {
                await removeException({ id: e.id }).unwrap();
                return texts.exceptions.removed(e.date);
              })
            }
          />
        </>
      ) : (
        <p>…</p>
      )}
    </section>
  );
}
