import { useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useSearchParams } from '../../../shared/router/hooks';
import { quotaStale, type AiDispatch } from '../../../shared/ai/api';
import { openChat, type ChatWidgetDispatch } from '../../../shared/chat-widget/chat-widget-slice';
import { MINUTE_TICK_MS, minutesUntil } from '../../../shared/ai/session-minutes';
import { useToast } from '../../../shared/ui/toast';
import { StatusPage } from '../../../shared/payments/ui/StatusPage';
import { visitorTimeZone } from '../../../shared/payments/ui/time';
import { useJoinSessionMutation } from './api';
import { joinStatus } from './join-status';
import { joinView } from './join-view';
import { joinTexts as t } from './texts';

/** The minutes left until `endsAt`, worked out again every MINUTE_TICK_MS. */
function useMinutesLeft(endsAt: string | undefined): number | undefined {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!endsAt) return;
    const timer = setInterval(() => setNow(Date.now()), MINUTE_TICK_MS);
    return () => clearInterval(timer);
  }, [endsAt]);
  return endsAt === undefined ? undefined : minutesUntil(endsAt, now);
}

/**
 * /join?booking=&token= (the confirmation's "Join your session" link): asks booking to open the session for
 * this browser. Inside the session's window booking sets the session pass, and the chat is unlimited until it
 * ends; before it, the page says when to come back; after it, that it has ended.
 */
export function JoinScreen() {
  const [params] = useSearchParams();
  const bookingId = params.get('booking');
  const token = params.get('token');
  const [join, result] = useJoinSessionMutation();
  const dispatch = useDispatch<AiDispatch & ChatWidgetDispatch>();
  const toast = useToast();

  // One request per link: StrictMode runs effects twice, and a second browser-less request would be refused
  // as another browser.
  const asked = useRef<string | null>(null);
  const ask = () => {
    if (bookingId && token) void join({ bookingId, token });
  };
  useEffect(() => {
    const key = `${bookingId}|${token}`;
    if (!bookingId || !token || asked.current === key) return;
    asked.current = key;
    void join({ bookingId, token });
  }, [bookingId, token, join]);

  const answer = result.data;
  // The pass is a new cookie: the chat's counters are read again, and show the minutes left.
  useEffect(() => {
    if (answer?.status === 'active') dispatch(quotaStale());
  }, [answer, dispatch]);
  const minutesLeft = useMinutesLeft(answer?.status === 'active' ? answer.endsAt : undefined);

  const view = joinView(bookingId, token, result.isError, answer);
  const onOpenChat = () => {
    if (dispatch(openChat())) return;
    toast.info({ title: t.chatLoadingTitle, description: t.chatLoadingDescription });
  };
  const status = joinStatus(view, answer, {
    error: result.error,
    minutesLeft,
    visitorZone: visitorTimeZone(),
    ask,
    openChat: onOpenChat,
  });
  return <StatusPage status={status} view={view} home={t.home} />;
}
