import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'wouter';
import { AuthProvider } from '@/features/auth/auth-context.tsx';
import { queryClient } from '@/lib/query-client.ts';
import { AppLayout } from './layout/AppLayout.tsx';
import { AppRoutes } from './routes.tsx';
import { ThemeProvider } from './theme.tsx';

// The toast view (Radix) is off the first paint's path; a toast raised before it loads shows when it does.
const Toaster = lazy(() => import('@/components/ui/toast.tsx').then((m) => ({ default: m.Toaster })));

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
          <ScrollToTop />
          <AppLayout>
            <AppRoutes />
          </AppLayout>
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        </AuthProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
