import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useAuth } from '@/features/accounts/auth-context.tsx';
import { Footer } from './Footer.tsx';
import { TopBar } from './TopBar.tsx';

// The dialog (and its Radix code) loads the first time someone opens it, not with the landing page.
const AuthDialog = lazy(() => import('@/features/accounts/AuthDialog.tsx'));
// "Check your inbox" loads only for a signed-in user whose email address is not verified yet.
const VerifyEmailBanner = lazy(() => import('@/features/accounts/components/VerifyEmailBanner.tsx'));

export function AppLayout({ children }: { children: ReactNode }) {
  const { dialogRequested, user } = useAuth();
  const [location] = useLocation();
  // The verify page answers the same question itself.
  const askToVerify = user && !user.emailVerified && location !== '/verify-email';
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-background focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <TopBar />
      {askToVerify && (
        <Suspense fallback={null}>
          <VerifyEmailBanner user={user} />
        </Suspense>
      )}
      <main id="main" className="flex-1">
        {children}
      </main>
      <Footer />
      {dialogRequested && (
        <Suspense fallback={null}>
          <AuthDialog />
        </Suspense>
      )}
    </div>
  );
}
