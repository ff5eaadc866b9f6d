import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { Toaster } from '@/components/ui/toast.tsx';
import { AuthProvider } from '@/features/auth/auth-context.tsx';
import { queryClient } from '@/lib/query-client.ts';
import { AppLayout } from './layout/AppLayout.tsx';
import { AppRoutes } from './routes.tsx';
import { ThemeProvider } from './theme.tsx';

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
          <Toaster />
        </AuthProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
