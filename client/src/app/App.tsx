import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'wouter';
import { currentToast, subscribeToasts } from '@/components/ui/toast-store.ts';
import { AuthProvider, useAuth } from '@/features/accounts/auth-context.tsx';
import { InvestmentProvider } from '@/features/investing/investment-context.tsx';
// Not through the feature's index: the first page must not carry the payment forms.
import { PaymentRecovery } from '@/features/money/components/PaymentRecovery.tsx';
import type { PaymentPurposeLoaders } from '@/features/money/payment-purpose.ts';
// Not through the feature's index: the first page needs only the step-up hook, not the settings UI.
import { StepUpProvider } from '@/features/accounts/step-up.tsx';
import { queryClient } from '@/lib/query-client.ts';
import { AppLayout } from './layout/AppLayout.tsx';
import { AppRoutes } from './routes.tsx';
import { ThemeProvider } from './theme.tsx';

// The toast view (Radix) loads with the first toast: a visit that raises none never fetches it.
const Toaster = lazy(() => import('@/components/ui/toast.tsx').then((m) => ({ default: m.Toaster })));

function LazyToaster() {
  // The store keeps the last toast (closed) once one was shown, so the view stays mounted after that.
  const anyToast = useSyncExternalStore(subscribeToasts, () => currentToast() !== null);
  return anyToast ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

// Each purpose's record call, for a payment a reload interrupted; loaded only when one waits.
const PAYMENT_PURPOSES: PaymentPurposeLoaders = {
  investment: () => import('@/features/investing/investment-payment.ts').then((m) => m.investmentPayment),
  order: () => import('@/features/marketplace/order-payment.ts').then((m) => m.orderPayment),
  settlement: () => import('@/features/campaigns/settlement-payment.ts').then((m) => m.settlementPayment),
};

function RecoverInterruptedPayments() {
  const { user } = useAuth();
  return <PaymentRecovery payerId={user?.id ?? null} purposes={PAYMENT_PURPOSES} />;
}

/** A new page starts at the top, like a server-rendered site. */
function ScrollToTop() {
  const [location] = useLocation();
  useEffect(() => {
    // A block body: newer Chromium returns a Promise from scrollTo, which React would take for a cleanup.
    window.scrollTo(0, 0);
  }, [location]);
  return null;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <AuthProvider>
          <StepUpProvider>
            <InvestmentProvider>
              <ScrollToTop />
              <RecoverInterruptedPayments />
              <AppLayout>
                <AppRoutes />
              </AppLayout>
              <LazyToaster />
            </InvestmentProvider>
          </StepUpProvider>
        </AuthProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
