import type { Campaign } from '@domain/campaign-schemas.ts';
import { toast } from '@/components/ui/toast-store.ts';
import { useAuth } from '@/features/auth/auth-context.tsx';

/** Invest Now: a visitor is asked to sign in; card payments open with the investments release. */
export function useInvestAction() {
  const { user, openAuthDialog } = useAuth();
  return (campaign: Campaign) => {
    if (!user) {
      openAuthDialog('signin');
      return;
    }
    toast({
      title: 'Investing opens soon',
      description: `Card payments into “${campaign.title}” open with our next release. No money has been taken.`,
    });
  };
}
