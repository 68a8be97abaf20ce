import { CONDITION_SLUGS } from '@hhp/proto/catalogue/condition-names';
import type { RouteObject } from '../shared/router/routes';
import { RootLayout } from './layout/RootLayout';
import { RouteError } from './layout/RouteError';
import { RouteFallback } from './layout/RouteFallback';
import type { RouteHandle } from './route-handle';

/**
 * The practice's console (staff only): a frame of its own around each screen, and not one of the public site's
 * pages: never prerendered, not in routes.json, marked noindex (prerender/entry-server.tsx: privatePaths).
 */
const practiceRoute = (path: string, screen: 'ConsoleRoute' | 'SignInRoute' | 'InviteRoute'): RouteObject => ({
  path,
  ErrorBoundary: RouteError,
  HydrateFallback: RouteFallback,
  lazy: async () => ({ Component: (await import('../features/practice/screens'))[screen] }),
});
export const practiceRoutes: RouteObject[] = [
  practiceRoute('/practice', 'ConsoleRoute'),
  practiceRoute('/practice/sign-in', 'SignInRoute'),
  practiceRoute('/practice/invite', 'InviteRoute'),
];

// Every screen is its own chunk, so the first visit downloads only the layout and the screen it asked for.
// One table for both sides: the browser's router (router.ts) and the build's prerendering (prerender/).
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: RouteFallback,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./routes/home')).HomeRoute }) },
      { path: 'symptoms', lazy: async () => ({ Component: (await import('./routes/symptoms')).SymptomsRoute }) },
      {
        path: 'treatments',
        lazy: async () => ({ Component: (await import('./routes/treatments')).TreatmentsRoute }),
      },
      { path: 'videos', lazy: async () => ({ Component: (await import('./routes/videos')).VideosRoute }) },
      { path: 'book', lazy: async () => ({ Component: (await import('./routes/book')).BookRoute }) },
      { path: 'book-session', lazy: async () => ({ Component: (await import('./routes/book')).BookRoute }) },
      { path: 'checkout', lazy: async () => ({ Component: (await import('./routes/checkout')).CheckoutRoute }) },
      { path: 'subscribe', lazy: async () => ({ Component: (await import('./routes/subscribe')).SubscribeRoute }) },
      {
        path: 'subscription-confirmed',
        lazy: async () => ({
          Component: (await import('./routes/subscription-confirmed')).SubscriptionConfirmedRoute,
        }),
      },
      {
        path: 'subscription/sign-in',
        lazy: async () => ({ Component: (await import('./routes/subscription-sign-in')).SubscriptionSignInRoute }),
      },
      {
        path: 'subscription/manage',
        lazy: async () => ({ Component: (await import('./routes/subscription-manage')).SubscriptionManageRoute }),
      },
      {
        path: 'session-confirmed',
        lazy: async () => ({ Component: (await import('./routes/session-confirmed')).SessionConfirmedRoute }),
      },
      { path: 'join', lazy: async () => ({ Component: (await import('./routes/join')).JoinRoute }) },
      {
        path: 'manage-booking',
        lazy: async () => ({ Component: (await import('./routes/manage-booking')).ManageBookingRoute }),
      },
      {
        path: 'email-confirmed',
        lazy: async () => ({ Component: (await import('./routes/email-confirmed')).EmailConfirmedRoute }),
      },
      {
        path: 'email-unsubscribed',
        lazy: async () => ({ Component: (await import('./routes/email-unsubscribed')).EmailUnsubscribedRoute }),
      },
      {
        path: 'conditions/:slug',
        // The condition pages carry the disclaimer in their own bar: the footer leaves it out there.
        handle: {
          showsDisclaimer: ({ slug }) => (CONDITION_SLUGS as readonly (string | undefined)[]).includes(slug),
        } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('./routes/condition')).ConditionRoute }),
      },
      { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }) },
    ],
  },
  ...practiceRoutes,
];
