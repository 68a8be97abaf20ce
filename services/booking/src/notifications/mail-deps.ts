// What the e-mails need from the configuration: the practice's name and domain, the join links' settings and
// the reminders' collection. One place, so that the service and its tests compose the same e-mails.
import { senderAddress, type Mailer } from '@hhp/kit';
import type { Connection } from 'mongoose';
import type { BookingConfig } from '../config.js';
import type { ManageLinks } from '../manage/manage-link.js';
import type { Practice } from './confirmation-email.js';
import { Reminders } from './reminders.js';

export interface MailDeps {
  mailer: Mailer;
  practice: Practice;
  practitionerEmail: string | undefined;
  join: { publicUrl: string; secret: string | undefined; earlyMinutes: number };
  manage: ManageLinks & { changeNoticeHours: number };
  reminders: Reminders;
}

export function mailDeps(config: BookingConfig, mailer: Mailer, connection: Connection): MailDeps {
  return {
    mailer,
    practice: {
      practitionerName: config.PRACTITIONER_NAME,
      domain: senderAddress(config.MAIL_FROM).split('@')[1] ?? 'holistichealth.example',
    },
    practitionerEmail: config.PRACTITIONER_EMAIL,
    join: {
      publicUrl: config.PUBLIC_URL,
      secret: config.SESSION_PASS_SECRET,
      earlyMinutes: config.SESSION_JOIN_EARLY_MINUTES,
    },
    manage: {
      publicUrl: config.PUBLIC_URL,
      secret: config.BOOKING_LINK_SECRET,
      changeNoticeHours: config.BOOKING_CHANGE_NOTICE_HOURS,
    },
    reminders: new Reminders(connection),
  };
}
