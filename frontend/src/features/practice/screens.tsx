import { ConsoleScreen } from './ConsoleScreen';
import { InviteScreen } from './InviteScreen';
import { PracticeFrame } from './PracticeFrame';
import { SignInScreen } from './SignInScreen';

// The console's three routes, in one chunk: one lazy import in the route table (app/routes.tsx), so the public
// pages' first download carries one entry for the console, not three.

export const ConsoleRoute = () => (
  <PracticeFrame>
    <ConsoleScreen />
  </PracticeFrame>
);

export const SignInRoute = () => (
  <PracticeFrame>
    <SignInScreen />
  </PracticeFrame>
);

export const InviteRoute = () => (
  <PracticeFrame>
    <InviteScreen />
  </PracticeFrame>
);
