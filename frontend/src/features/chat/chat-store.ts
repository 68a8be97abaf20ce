// The chat widget's client state, outside React so that it outlives the lazily loaded panel: the
// conversation and the limit-reached flag are kept in session storage (they survive navigation and a
// reload, and end with the tab); the rest lives for the page. Part of the entry chunk: keep it lean. The
// counters are not here: RTK Query's cached /api/quota is their only copy.
import type { Source } from '@hhp/proto';

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  /** The portal pages an answer drew on. */
  sources?: readonly Source[];
  /** A crisis answer: shown with the crisis lines first. */
  isCrisis?: boolean;
  /** An ordinary answer to a message possibly at risk (the crisis model's middle band): the crisis lines follow it. */
  crisisLines?: boolean;
  /** An answer to a medical emergency: shown with the emergency number first. */
  isEmergency?: boolean;
  /** An answer still arriving. */
  streaming?: boolean;
}

export interface ChatState {
  messages: readonly ChatMessage[];
  /** Set by a 429: the upgrade panel (with the crisis lines) shows above the input, which stays. */
  limitReached: boolean;
  /** A question is on its way: typing indicator on, input and send disabled. */
  pending: boolean;
  /** What the screen reader's polite live region says next. */
  announcement: string;
}

const KEY = 'hhp.chat';
const listeners = new Set<() => void>();
let nextId = 0;

function restore(): Pick<ChatState, 'messages' | 'limitReached'> {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return { messages: [], limitReached: false };
    const { messages, limitReached } = value as Partial<ChatState>;
    return {
      // An answer that was still arriving when the page went away is no answer.
      messages: Array.isArray(messages) ? messages.filter((m: ChatMessage) => !m.streaming) : [],
      limitReached: limitReached === true,
    };
  } catch {
    return { messages: [], limitReached: false };
  }
}

let state: ChatState = { ...restore(), pending: false, announcement: '' };

function persist(): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ messages: state.messages, limitReached: state.limitReached }));
  } catch {
    // Storage full or blocked (privacy mode): the conversation still lasts for this page.
  }
}

function update(patch: Partial<ChatState>, save = true): void {
  state = { ...state, ...patch };
  if (save) persist();
  listeners.forEach((listener) => listener());
}

function updateMessage(id: string, change: (message: ChatMessage) => ChatMessage, save = true): void {
  update({ messages: state.messages.map((m) => (m.id === id ? change(m) : m)) }, save);
}

export const chatStore = {
  get: (): ChatState => state,

  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  newId: (): string => `${Date.now().toString(36)}-${(nextId++).toString(36)}`,

  /** The first open of an empty conversation starts with the welcome message. */
  welcome(content: string): void {
    if (state.messages.length === 0) update({ messages: [{ id: chatStore.newId(), role: 'assistant', content }] });
  },

  add(message: ChatMessage): void {
    update({ messages: [...state.messages, message] }, !message.streaming);
  },

  appendText(id: string, text: string): void {
    updateMessage(id, (m) => ({ ...m, content: m.content + text }), false);
  },

  finish(id: string, content: string, sources: readonly Source[]): void {
    updateMessage(id, (m) => ({ ...m, content, sources, streaming: false }));
  },

  remove(id: string): void {
    update({ messages: state.messages.filter((m) => m.id !== id) });
  },

  setPending: (pending: boolean): void => update({ pending }, false),
  setLimitReached: (limitReached: boolean): void => update({ limitReached }),

  /** A question refused because the free questions are used: `answer` (the 429's message) and the upgrade panel. */
  refused(answer: string): void {
    update({
      messages: [...state.messages, { id: chatStore.newId(), role: 'assistant', content: answer }],
      limitReached: true,
    });
  },
  announce: (announcement: string): void => update({ announcement }, false),
};
