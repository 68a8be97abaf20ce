import type { CalendarBooking } from '@hhp/proto';
import { Alert, Button, Drawer, Radio } from 'antd';
import { useId, useState } from 'react';
import { useAvailabilityQuery } from '../../../shared/payments/api';
import { planName } from '../../../shared/payments/texts';
import { formatIsoDay, money } from '../../../shared/payments/ui/time';
import { ConfirmButton, LoadFailed, useNotice } from '../panel-parts';
import own from './calendar.module.css';
import { useCancelBookingMutation, useMarkAttendanceMutation, useMoveBookingMutation } from './calendar-api';
import { calendarTexts as texts } from './calendar-texts';

/** Another free slot of the booking's plan: a day, then one of its free times (GET /api/availability). */
function MovePicker({
  booking,
  onMove,
  moving,
}: {
  booking: CalendarBooking;
  onMove: (at: string) => void;
  moving: boolean;
}) {
  const [date, setDate] = useState(booking.date);
  const [chosen, setChosen] = useState<string>();
  const day = useAvailabilityQuery({ type: booking.type, date });
  const dateId = useId();
  const slotsId = useId();
  const free = (day.currentData?.slots ?? []).filter((s) => s.available && s.startsAt !== booking.scheduledAt);
  return (
    <fieldset className={own.move}>
      <legend>{texts.move}</legend>
      <label htmlFor={dateId}>{texts.moveDate}</label>
      <input
        id={dateId}
        type="date"
        value={date}
        onChange={(event) => {
          setDate(event.target.value);
          setChosen(undefined);
        }}
      />
      <p id={slotsId} className={own.label}>
        {texts.moveSlots}
      </p>
      {day.error ? (
        <LoadFailed error={day.error} />
      ) : day.currentData && !day.currentData.open ? (
        <p>{texts.closedDay}</p>
      ) : day.currentData && free.length === 0 ? (
        <p>{texts.noSlots}</p>
      ) : (
        <Radio.Group
          aria-labelledby={slotsId}
          value={chosen}
          onChange={(event) => setChosen(event.target.value as string)}
          options={free.map((slot) => ({ value: slot.startsAt, label: `${slot.time}–${slot.endTime}` }))}
        />
      )}
      <Button disabled={!chosen} loading={moving} onClick={() => chosen && onMove(chosen)}>
        {texts.moveButton}
      </Button>
    </fieldset>
  );
}

/** A booking's details, and what staff may do with it now: cancel or move before it begins, mark it after. */
export function BookingDrawer({ booking, onClose }: { booking: CalendarBooking | undefined; onClose: () => void }) {
  const [cancel, cancelling] = useCancelBookingMutation();
  const [move, moving] = useMoveBookingMutation();
  const [mark, marking] = useMarkAttendanceMutation();
  const { notice: last, run } = useNotice();
  // What the last action on a booking came to, shown while that booking is open.
  const notice = last && last.about === booking?.id ? last : undefined;
  const act = (bookingId: string, work: () => Promise<unknown>, done: string) =>
    run(async () => {
      await work();
      return done;
    }, bookingId);

  return (
    <Drawer
      placement="right"
      size="min(420px, 100vw)"
      open={Boolean(booking)}
      onClose={onClose}
      title={booking ? `${booking.name} · ${planName(booking.type)}` : ''}
      closable={{ 'aria-label': texts.close }}
    >
      {booking && (
        <>
          <dl className={own.details}>
            <dt>{texts.details.plan}</dt>
            <dd>{planName(booking.type)}</dd>
            <dt>{texts.details.when}</dt>
            <dd>
              {formatIsoDay(booking.date)}, {booking.time}–{booking.endTime} ({booking.timeZone})
            </dd>
            <dt>{texts.details.visitor}</dt>
            <dd>{booking.name}</dd>
            <dt>{texts.details.email}</dt>
            <dd>
              <a href={`mailto:${booking.email}`}>{booking.email}</a>
            </dd>
            <dt>{texts.details.notes}</dt>
            <dd className={own.notes}>{booking.notes || texts.details.noNotes}</dd>
            <dt>{texts.details.status}</dt>
            <dd data-testid="calendar-status">{texts.status[booking.status]}</dd>
            <dt>{texts.details.payment}</dt>
            <dd>
              {texts.payment[booking.payment.state]}, {money(booking.payment.amount)}
            </dd>
            <dt>{texts.details.attendance}</dt>
            <dd>{booking.attendance ? texts.attendance[booking.attendance] : texts.details.notMarked}</dd>
          </dl>
          <div aria-live="polite" className={own.notice}>
            {notice && <Alert type={notice.type} showIcon title={notice.text} />}
          </div>
          {booking.markable && (
            <div className={own.actions}>
              {(['attended', 'no-show'] as const).map((outcome) => (
                <Button
                  key={outcome}
                  type={booking.attendance === outcome ? 'primary' : 'default'}
                  aria-pressed={booking.attendance === outcome}
                  loading={marking.isLoading && marking.originalArgs?.outcome === outcome}
                  onClick={() =>
                    void act(
                      booking.id,
                      () => mark({ id: booking.id, outcome }).unwrap(),
                      texts.marked(texts.attendance[outcome]),
                    )
                  }
                >
                  {outcome === 'attended' ? texts.markAttended : texts.markNoShow}
                </Button>
              ))}
            </div>
          )}
          {booking.changeable && (
            <>
              <div className={own.actions}>
                <ConfirmButton
                  question={texts.cancelConfirm}
                  yes={texts.cancelYes}
                  no={texts.cancelNo}
                  onConfirm={() => act(booking.id, () => cancel({ id: booking.id }).unwrap(), texts.cancelled)}
                  danger
                  loading={cancelling.isLoading}
                >
                  {texts.cancel}
                </ConfirmButton>
              </div>
              <MovePicker
                key={booking.id}
                booking={booking}
                moving={moving.isLoading}
                onMove={(scheduledAt) =>
                  void act(booking.id, () => move({ id: booking.id, scheduledAt }).unwrap(), texts.moved)
                }
              />
            </>
          )}
        </>
      )}
    </Drawer>
  );
}
