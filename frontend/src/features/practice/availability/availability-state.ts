// The availability panel's own state (pure): each plan's week being edited, and the exception being written.
// The server's answer (GET /api/practice/availability, or a change's) is the truth: it replaces the drafts, and
// its `affected` list is what the panel shows; a draft only holds what staff typed since.
import type {
  AvailabilityExceptionInput,
  AvailabilityRuleView,
  PracticeAvailabilityResponse,
  SessionType,
} from '@hhp/proto';
import { slotOverlap } from '@hhp/proto/catalogue/slot-times';

export interface RuleDraft {
  type: SessionType;
  weekdays: number[];
  times: string[];
  durationMinutes: number;
  /** The version the draft was made from: the server refuses a change over a newer one (409). */
  version: number;
  /** Staff changed it since the server's answer. */
  dirty: boolean;
  /** Why the last edit was refused here, before asking the server. */
  problem?: string;
}

export interface ExceptionDraft {
  date: string;
  kind: 'closed' | 'open';
  types: SessionType[];
  /** An extra day's own times, "10:00, 13:00"; empty: the plans' weekly times. */
  times: string;
  note: string;
}

export interface AvailabilityState {
  drafts: RuleDraft[];
  exception: ExceptionDraft;
}

export type AvailabilityAction =
  | { type: 'loaded'; answer: PracticeAvailabilityResponse }
  | { type: 'toggle-day'; plan: SessionType; day: number }
  | { type: 'add-time'; plan: SessionType; time: string }
  | { type: 'remove-time'; plan: SessionType; time: string }
  | { type: 'set-length'; plan: SessionType; minutes: number }
  | { type: 'discard'; plan: SessionType }
  | { type: 'exception'; fields: Partial<ExceptionDraft> }
  | { type: 'exception-added' };

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

const emptyException = (date = ''): ExceptionDraft => ({
  date,
  kind: 'closed',
  types: ['ai-session', 'subscription', 'dr-helen'],
  times: '',
  note: '',
});

export const initialAvailability = (): AvailabilityState => ({ drafts: [], exception: emptyException() });

const fromServer = (rule: AvailabilityRuleView): RuleDraft => ({
  type: rule.type,
  weekdays: [...rule.weekdays].sort(),
  times: [...rule.times].sort(),
  durationMinutes: rule.durationMinutes,
  version: rule.version,
  dirty: false,
});

function edit(state: AvailabilityState, plan: SessionType, change: (draft: RuleDraft) => RuleDraft): AvailabilityState {
  return {
    ...state,
    drafts: state.drafts.map((draft) => {
      if (draft.type !== plan) return draft;
      const { problem: _dropped, ...rest } = draft;
      void _dropped;
      return change(rest);
    }),
  };
}

export function availabilityReducer(state: AvailabilityState, action: AvailabilityAction): AvailabilityState {
  switch (action.type) {
    case 'loaded': {
      // A plan staff are editing keeps her edits unless the server's version moved on (someone saved meanwhile).
      const drafts = action.answer.rules.map((rule) => {
        const mine = state.drafts.find((d) => d.type === rule.type);
        return mine?.dirty && mine.version === rule.version ? mine : fromServer(rule);
      });
      return { ...state, drafts };
    }
    case 'toggle-day':
      return edit(state, action.plan, (draft) => ({
        ...draft,
        dirty: true,
        weekdays: draft.weekdays.includes(action.day)
          ? draft.weekdays.filter((d) => d !== action.day)
          : [...draft.weekdays, action.day].sort(),
      }));
    case 'add-time':
      return edit(state, action.plan, (draft) => {
        const time = action.time.trim();
        if (!HH_MM.test(time)) return { ...draft, problem: `${time || 'That'} is not a time HH:MM.` };
        if (draft.times.includes(time)) return { ...draft, problem: `${time} is already one of the times.` };
        const times = [...draft.times, time].sort();
        const overlap = slotOverlap(times, draft.durationMinutes);
        if (overlap) return { ...draft, problem: `Not added: ${overlap}.` };
        return { ...draft, times, dirty: true };
      });
    case 'remove-time':
      return edit(state, action.plan, (draft) => ({
        ...draft,
        dirty: true,
        times: draft.times.filter((t) => t !== action.time),
      }));
    case 'set-length':
      return edit(state, action.plan, (draft) => {
        const overlap = slotOverlap(draft.times, action.minutes);
        return overlap
          ? { ...draft, problem: `A length of ${action.minutes} minutes: ${overlap}.` }
          : { ...draft, durationMinutes: action.minutes, dirty: true };
      });
    case 'discard':
      return { ...state, drafts: state.drafts.map((d) => (d.type === action.plan ? { ...d, dirty: false } : d)) };
    case 'exception':
      return { ...state, exception: { ...state.exception, ...action.fields } };
    case 'exception-added':
      return { ...state, exception: emptyException() };
  }
}

/** The body of POST /api/practice/availability/rules/{type}. */
export const ruleBody = ({ weekdays, times, durationMinutes, version }: RuleDraft) => ({
  weekdays,
  times,
  durationMinutes,
  version,
});

/** The body of POST /api/practice/availability/exceptions, or why it cannot be sent yet. */
export function exceptionBody(
  draft: ExceptionDraft,
): { ok: true; body: AvailabilityExceptionInput } | { ok: false; problem: string } {
  if (!draft.date) return { ok: false, problem: 'Please choose a date.' };
  if (draft.types.length === 0) return { ok: false, problem: 'Please choose at least one plan.' };
  const times = draft.times
    .split(/[\s,]+/)
    .map((t) => t.trim())
    .filter(Boolean);
  if (draft.kind === 'closed' || times.length === 0) {
    return { ok: true, body: { date: draft.date, kind: draft.kind, types: draft.types, note: draft.note.trim() } };
  }
  const wrong = times.find((t) => !HH_MM.test(t));
  if (wrong) return { ok: false, problem: `${wrong} is not a time HH:MM.` };
  return {
    ok: true,
    body: {
      date: draft.date,
      kind: 'open',
      types: draft.types,
      times: [...new Set(times)].sort(),
      note: draft.note.trim(),
    },
  };
}
