import { lazy, Suspense, type ReactNode } from 'react';
import type { ActiveApp } from '@portal/contracts';
import { useAccount } from './api/account';
import { useIsLoggedIn } from './auth-store';
import { PageLoader } from '../ui/page-loader';

// The join form (react-hook-form, the auth card) loads only for the rare account without the app's
// profile, not with every app's first view.
const JoinAppCard = lazy(() => import('./join-app-card').then((module) => ({ default: module.JoinAppCard })));

interface AppProfileGateProps {
  app: ActiveApp;
  appName: string;
  promise: string;
  onJoined(): void;
  children: ReactNode;
}

/** Shows an app's pages, or its one-step join when the logged-in account has no profile there yet. */
export function AppProfileGate({ app, appName, promise, onJoined, children }: AppProfileGateProps) {
  const loggedIn = useIsLoggedIn();
  const account = useAccount();
  // While the account loads, the page shows as usual: nearly every account has the profile.
  if (!loggedIn || !account.data || account.data.profiles[app]) return children;
  return (
    <Suspense fallback={<PageLoader label={`Loading the ${appName} join form`} />}>
      <JoinAppCard app={app} appName={appName} account={account.data} promise={promise} onJoined={onJoined} />
    </Suspense>
  );
}
