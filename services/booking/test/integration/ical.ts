// Reads an iCalendar text with a real parser (ical.js), as a calendar application would: a text it cannot parse
// fails the test here, and the assertions read the parsed values, not the text's lines.
import ICAL from 'ical.js';

export interface ParsedEvent {
  uid: string;
  sequence: number;
  status: string | undefined;
  summary: string;
  description: string;
  start: Date;
  end: Date;
  /** The zone DTSTART is written in: `UTC` for a time with `Z`, `floating` for one with neither Z nor TZID. */
  startZone: string;
  endZone: string;
}

export interface ParsedCalendar {
  method: string | undefined;
  prodId: string;
  /** X-WR-CALNAME, X-WR-TIMEZONE and the like. */
  property: (name: string) => string | undefined;
  events: ParsedEvent[];
}

const text = (value: unknown) => (value === null || value === undefined ? undefined : String(value));

export function parseCalendar(ics: string | Buffer): ParsedCalendar {
  const root = new ICAL.Component(ICAL.parse(ics.toString()));
  if (root.name !== 'vcalendar') throw new Error(`not a VCALENDAR but ${root.name}`);
  const events = root.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      sequence: event.sequence,
      status: text(component.getFirstPropertyValue('status')),
      summary: event.summary,
      description: event.description,
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
      startZone: event.startDate.zone?.tzid ?? 'floating',
      endZone: event.endDate.zone?.tzid ?? 'floating',
    };
  });
  return {
    method: text(root.getFirstPropertyValue('method')),
    prodId: text(root.getFirstPropertyValue('prodid')) ?? '',
    property: (name) => text(root.getFirstPropertyValue(name.toLowerCase())),
    events,
  };
}
