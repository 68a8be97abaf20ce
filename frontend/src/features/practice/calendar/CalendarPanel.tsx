import type { CalendarBooking } from '@hhp/proto';
import { Button, Radio } from 'antd';
import { useEffect, useId, useReducer } from 'react';
import { planName } from '../../../shared/payments/texts';
import { formatIsoDay } from '../../../shared/payments/ui/time';
import { todayIn, type IsoDay } from '../../../shared/payments/slots/calendar';
import { LoadFailed, ScrollRegion } from '../panel-parts';
import { useSignInOn401 } from '../use-sign-in-on-401';
import styles from '../practice.module.css';
import own from './calendar.module.css';
import { usePracticeCalendarQuery } from './calendar-api';
import {
  byDay,
  calendarReducer,
  initialCalendar,
  monthGrid,
  openBooking,
  rangeOf,
  type CalendarView,
} from './calendar-state';
import { calendarTexts as texts } from './calendar-texts';
import { BookingDrawer } from './BookingDrawer';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function BookingRow({ booking, onOpen }: { booking: CalendarBooking; onOpen: () => void }) {
  const inactive = booking.status !== 'confirmed';
  return (
    <li className={inactive ? `${own.booking} ${own.inactive}` : own.booking}>
      <button type="button" className={own.open} onClick={onOpen} data-booking={booking.id}>
        <span className={own.time}>
          {booking.time}–{booking.endTime}
        </span>
        <span className={own.who}>
          {booking.name} · {planName(booking.type)}
        </span>
        <span className={own.tags}>
          {texts.status[booking.status]} · {texts.payment[booking.payment.state]}
          {booking.attendance ? ` · ${texts.attendance[booking.attendance]}` : ''}
        </span>
      </button>
    </li>
  );
}

function DayList({
  date,
  bookings,
  onOpen,
}: {
  date: IsoDay;
  bookings: CalendarBooking[];
  onOpen: (id: string) => void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={own.day}>
      <h3 id={headingId}>{formatIsoDay(date)}</h3>
      {bookings.length === 0 ? (
        <p className={own.empty}>{texts.noBookings}</p>
      ) : (
        <ul className={own.list}>
          {bookings.map((booking) => (
            <BookingRow key={booking.id} booking={booking} onOpen={() => onOpen(booking.id)} />
          ))}
        </ul>
      )}
    </section>
  );
}

function MonthGrid({
  anchor,
  bookings,
  labelledBy,
  onDay,
}: {
  anchor: IsoDay;
  bookings: CalendarBooking[];
  labelledBy: string;
  onDay: (date: IsoDay) => void;
}) {
  return (
    <ScrollRegion labelledBy={labelledBy}>
      <table className={own.month}>
        <thead>
          <tr>
            {WEEKDAYS.map((day) => (
              <th key={day} scope="col">
                {day}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(anchor, bookings).map((week, index) => (
            <tr key={index}>
              {week.map((cell, column) =>
                cell ? (
                  <td key={cell.date}>
                    <button
                      type="button"
                      className={own.cell}
                      onClick={() => onDay(cell.date)}
                      aria-label={`${formatIsoDay(cell.date)}: ${texts.bookingsOn(cell.bookings.filter((b) => b.status !== 'cancelled').length)}`}
                    >
                      <span className={own.dayNumber}>{Number(cell.date.slice(8))}</span>
                      {cell.bookings.some((b) => b.status !== 'cancelled') && (
                        <span className={own.count}>
                          {cell.bookings.filter((b) => b.status !== 'cancelled').length}
                        </span>
                      )}
                    </button>
                  </td>
                ) : (
                  <td key={`empty-${column}`} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function title(view: CalendarView, from: IsoDay, to: IsoDay): string {
  if (view === 'day') return formatIsoDay(from);
  if (view === 'month')
    return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${from}T12:00:00Z`),
    );
  return `${formatIsoDay(from)} – ${formatIsoDay(to)}`;
}

/**
 * The practitioner's calendar: a day's or a week's bookings as a list per day (which reads on a phone), a month as
 * a grid of days with their counts (a day opens its list); a booking's details and actions in a drawer.
 */
export function CalendarPanel() {
  const [state, dispatch] = useReducer(calendarReducer, todayIn(undefined), initialCalendar);
  const range = rangeOf(state);
  const calendar = usePracticeCalendarQuery(range);
  useSignInOn401(calendar.error);
  const headingId = useId();
  const rangeId = useId();
  const timeZone = calendar.data?.timeZone;

  useEffect(() => {
    if (timeZone) dispatch({ type: 'today-is', date: todayIn(timeZone) });
  }, [timeZone]);

  const bookings = calendar.currentData?.bookings ?? [];
  const open = openBooking(state, bookings);

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{texts.title}</h2>
      <div className={own.toolbar}>
        <Radio.Group
          aria-label={texts.viewLabel}
          optionType="button"
          value={state.view}
          onChange={(event) => dispatch({ type: 'view', view: event.target.value as CalendarView })}
          options={(['day', 'week', 'month'] as const).map((view) => ({ value: view, label: texts.views[view] }))}
        />
        <div className={own.steps}>
          <Button onClick={() => dispatch({ type: 'step', by: -1 })} aria-label={texts.previous[state.view]}>
            ‹
          </Button>
          <Button onClick={() => dispatch({ type: 'today' })}>{texts.today}</Button>
          <Button onClick={() => dispatch({ type: 'step', by: 1 })} aria-label={texts.next[state.view]}>
            ›
          </Button>
        </div>
      </div>
      <p id={rangeId} className={own.range} aria-live="polite">
        {title(state.view, range.from, range.to)}
      </p>
      {timeZone && <p className={own.zone}>{texts.zone(timeZone)}</p>}
      {calendar.error && !calendar.currentData ? (
        <LoadFailed error={calendar.error} />
      ) : state.view === 'month' ? (
        <MonthGrid
          anchor={range.from}
          bookings={bookings}
          labelledBy={rangeId}
          onDay={(date) => dispatch({ type: 'day', date })}
        />
      ) : (
        <div aria-busy={calendar.isFetching}>
          {byDay(range, bookings).map((day) => (
            <DayList
              key={day.date}
              date={day.date}
              bookings={day.bookings}
              onOpen={(id) => dispatch({ type: 'open', id })}
            />
          ))}
        </div>
      )}
      <BookingDrawer booking={open} onClose={() => dispatch({ type: 'close' })} />
    </section>
  );
}
