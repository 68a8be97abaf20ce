// The home page's "Talk to {name}'s AI" opens the chat with a store action; when no chat widget is mounted to
// handle it, the specification's "Chat widget loading" toast shows. The widget is always on the page, so a test
// makes it absent as far as the store knows: it reaches the page's Redux store through the devtools extension's
// hook (configureStore composes its enhancers with it when the page defines it) and marks the chat unmounted.
import type { Page } from '@playwright/test';

type Store = { dispatch(action: { type: string }): unknown };
type Enhancer = (next: (...args: unknown[]) => Store) => (...args: unknown[]) => Store;

/** Call before `page.goto`: keeps the page's store where the test can reach it. */
export async function keepStore(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    w.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ =
      () =>
      (...enhancers: Enhancer[]) =>
      (createStore: (...args: unknown[]) => Store) =>
      (...args: unknown[]) => {
        const store = enhancers.reduceRight((next, enhancer) => enhancer(next), createStore)(...args);
        w.__hhpStore = store;
        return store;
      };
  });
}

/** After hydration: the store no longer has a chat widget to open (the widget's own action, chatUnmounted). */
export async function withoutChatWidget(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.evaluate(() =>
    (window as unknown as { __hhpStore: Store }).__hhpStore.dispatch({ type: 'chatWidget/chatUnmounted' }),
  );
}
