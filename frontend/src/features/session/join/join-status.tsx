import type { JoinSessionResponse } from '@hhp/proto';
import { Button } from '../../../shared/ui/Button';
import { askingStatus, goTo, isAsking, type Ask, type PageStatus } from '../../../shared/payments/ui/StatusPage';
import { formatMoment } from '../../../shared/payments/ui/time';
import type { JoinView } from './join-view';
import { joinTexts as t } from './texts';

interface Context extends Ask {
  /** While the pass is active: the minutes left, worked out again every minute. */
  minutesLeft?: number;
  /** The browser's own zone: an early visitor elsewhere is also told the start in their time. */
  visitorZone?: string;
  openChat: () => void;
}

/** What /join shows for each of booking's answers. */
export function joinStatus(view: JoinView, answer: JoinSessionResponse | undefined, c: Context): PageStatus {
  if (isAsking(view)) return askingStatus(view, t.asking, c);
  // In the session's time: before it, during it, after it; or a link that names none.
  switch (view) {
    case 'early': {
      if (answer?.status !== 'early') return { checking: t.asking.checking };
      const mine = c.visitorZone;
      return {
        type: 'info',
        title: t.earlyTitle,
        body: [
          t.comeBack(formatMoment(answer.startsAt, answer.timeZone)),
          mine && mine !== answer.timeZone && t.yourTime(formatMoment(answer.startsAt, mine)),
          t.earlyNote,
        ],
        actions: <Button onClick={c.ask}>{t.checkAgain}</Button>,
      };
    }
    case 'active':
      return {
        type: 'success',
        title: t.activeTitle,
        body: [c.minutesLeft !== undefined && t.minutesLeft(c.minutesLeft), t.activeText],
        actions: (
          <Button variant="primary" onClick={c.openChat}>
            {t.openChat}
          </Button>
        ),
      };
    case 'ended':
      return { type: 'info', title: t.endedTitle, body: [t.endedText], actions: goTo('/book', t.bookAgain) };
    case 'incomplete':
      return { type: 'warning', title: t.incompleteTitle, body: [t.incompleteText] };
  }
}
