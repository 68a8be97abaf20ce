import { Table, type TableColumnsType } from 'antd';
import { Button } from '../../../shared/ui/Button';
import { LoadFailed, ScrollRegion } from '../panel-parts';
import { useSignInOn401 } from '../use-sign-in-on-401';
import styles from '../practice.module.css';
import { usePracticeNumbersQuery } from './numbers-api';
import { numbersTexts as t } from './numbers-texts';
import { cards, CHART, chartSummary, revenueRows, weekBars, type Bar, type RevenueRow } from './numbers-view';
import own from './numbers.module.css';

const revenueColumns: TableColumnsType<RevenueRow> = [
  { title: t.plan, dataIndex: 'plan', key: 'plan' },
  { title: t.paid, dataIndex: 'paid', key: 'paid', align: 'right' },
  { title: t.refunded, dataIndex: 'refunded', key: 'refunded', align: 'right' },
  { title: t.net, dataIndex: 'net', key: 'net', align: 'right' },
];

const dayColumns: TableColumnsType<Bar> = [
  { title: t.day, dataIndex: 'label', key: 'label' },
  { title: t.sessions, dataIndex: 'count', key: 'count', align: 'right' },
];

/** The week's sessions per day as bars; the table below it says the same in words (the chart's alternative). */
function WeekChart({ bars }: { bars: Bar[] }) {
  return (
    <figure className={own.chart}>
      <figcaption id="practice-numbers-chart">{t.chartTitle}</figcaption>
      <svg viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-label={chartSummary(bars)}>
        {bars.map((bar) => (
          <g key={bar.date}>
            <rect
              className={bar.today ? own.today : own.bar}
              x={bar.x}
              y={bar.y}
              width={bar.width}
              height={Math.max(bar.height, 1)}
            />
            <text className={own.axisLabel} x={bar.x + bar.width / 2} y={CHART.bars + 18} textAnchor="middle">
              {bar.label.split(' ')[0]}
            </text>
            <text className={own.axisLabel} x={bar.x + bar.width / 2} y={CHART.bars + 34} textAnchor="middle">
              {bar.count}
            </text>
          </g>
        ))}
      </svg>
    </figure>
  );
}

/** Today's and this week's numbers for any staff member: cards, the week's chart, revenue by plan. */
export function NumbersPanel() {
  const numbers = usePracticeNumbersQuery();
  useSignInOn401(numbers.error);
  const n = numbers.data;
  const bars = n ? weekBars(n) : [];
  return (
    <section className={styles.section}>
      <h2 id="practice-numbers">{t.title}</h2>
      {numbers.error && !n ? (
        <LoadFailed error={numbers.error} />
      ) : n ? (
        <>
          <div className={own.toolbar}>
            <p>{t.zone(n.timeZone, n.today)}</p>
            <Button onClick={() => void numbers.refetch()} loading={numbers.isFetching}>
              {t.refresh}
            </Button>
          </div>
          <div className={own.cards}>
            {cards(n).map((card) => (
              <dl key={card.label} className={own.card}>
                <dt>{card.label}</dt>
                {card.value === undefined ? (
                  <dd className={own.unavailable}>{t.unavailable}</dd>
                ) : (
                  <dd>{card.value}</dd>
                )}
              </dl>
            ))}
          </div>
          {bars.length > 0 && (
            <>
              <WeekChart bars={bars} />
              <ScrollRegion labelledBy="practice-numbers-chart">
                <Table<Bar>
                  columns={dayColumns}
                  dataSource={bars.map((bar) => ({ ...bar, key: bar.date }))}
                  pagination={false}
                  size="small"
                />
              </ScrollRegion>
            </>
          )}
          {n.revenue.status === 'ok' && (
            <>
              <h3 id="practice-revenue">{t.revenueTitle}</h3>
              {(['week', 'month'] as const).map((period) =>
                n.revenue.status === 'ok' ? (
                  <ScrollRegion key={period} label={`${t.revenueTitle}: ${t.period[period]}`}>
                    <Table<RevenueRow>
                      title={() => t.period[period]}
                      columns={revenueColumns}
                      dataSource={revenueRows(n.revenue[period].plans)}
                      pagination={false}
                      size="small"
                    />
                  </ScrollRegion>
                ) : null,
              )}
            </>
          )}
        </>
      ) : (
        <p aria-busy="true">…</p>
      )}
    </section>
  );
}
