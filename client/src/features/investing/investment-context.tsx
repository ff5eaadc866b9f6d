// Invest Now, wherever it is (landing card, campaign page, investor dashboard). A visitor is asked to
// sign in and lands back in the modal for that campaign (also after Google or LinkedIn, whose trip
// leaves the page: the campaign waits in sessionStorage for the page the trip comes back to); a signed-in user who may not invest is told
// why (investRefusal); an investor gets the investment modal. The modal, every piece of payment code
// and the rules that decide (policies.ts and the error catalogue it speaks with) load on the first
// Invest Now, so the landing page's first render carries none of them.
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Campaign } from '@domain/campaign-schemas.ts';
import type { InvestRefusal } from '@domain/policies.ts';
import { toast } from '@/components/ui/toast-store.ts';
import type { InvestmentRequest } from './investment-request.ts';
import { useQueryClient } from '@tanstack/react-query';
import { campaignQuery, InvestActionProvider, type InvestAction } from '@/features/campaigns/index.ts';
import { useSession, useAuth } from '@/features/accounts/index.ts';

const InvestmentDialog = lazy(() => loadDialog());

/** What a refused user reads: the catalogue message of the reason, looked up beside the investment
 * schemas, which load only here. */
function announceRefusal(refusal: InvestRefusal) {
  void import('@domain/investments.ts').then(({ investRefusalMessage }) =>
    toast({
      title: 'You cannot invest in this campaign',
      description: investRefusalMessage(refusal),
      // The gate names itself and links to where it is passed.
      ...(refusal === 'kyc' && { link: { label: 'Go to Verification', href: '/verification' } }),
    }),
  );
}

const focused = () => (document.activeElement instanceof HTMLElement ? document.activeElement : null);

interface Waiting {
  campaign: Campaign;
  returnFocus: HTMLElement | null;
}

const loadDialog = () => import('./components/InvestmentDialog.tsx');

/** The campaign a visitor chose before a sign-in that leaves the page; read by the next page load only. */
const AFTER_SIGN_IN_KEY = 'hydrobridge.investAfterSignIn';

const rememberForSignIn = (campaignId: string) => sessionStorage.setItem(AFTER_SIGN_IN_KEY, campaignId);
const forgetForSignIn = () => sessionStorage.removeItem(AFTER_SIGN_IN_KEY);

/** The remembered campaign, taken once: a failed or abandoned trip must not open the modal later. */
function takeRemembered(): string | null {
  const id = sessionStorage.getItem(AFTER_SIGN_IN_KEY);
  forgetForSignIn();
  return id;
}

export function InvestmentProvider({ children }: { children: ReactNode }) {
  const { user, status, dialog, openAuthDialog } = useAuth();
  const queryClient = useQueryClient();
  // The session as it is now: useAuth's user follows in a deferred render, one step behind a sign-in.
  const liveUser = useSession().data ?? null;
  const [request, setRequest] = useState<InvestmentRequest | null>(null);
  const [modalRequested, setModalRequested] = useState(false);
  // The campaign a visitor asked for before signing in.
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  // A signed-in user's Invest Now, while the rules that decide it load.
  const [deciding, setDeciding] = useState<InvestmentRequest | null>(null);

  const invest = (campaign: Campaign) => {
    const signedIn = liveUser ?? user;
    if (signedIn) {
      setDeciding({ campaign, investor: signedIn, returnFocus: focused() });
      return;
    }
    setWaiting({ campaign, returnFocus: focused() });
    rememberForSignIn(campaign.id);
    openAuthDialog('signin');
  };

  // Back from the sign-in dialog (state adjusted while rendering, as React advises over an effect):
  // signed in → decide on the campaign they asked for; closed without signing in → forget it.
  if (waiting && liveUser) {
    setWaiting(null);
    forgetForSignIn();
    setDeciding({ ...waiting, investor: liveUser });
  } else if (waiting && !dialog.open) {
    setWaiting(null);
    forgetForSignIn();
  }

  // Back from a social sign-in (a new page load): decide on the campaign chosen before the trip.
  const resumeChecked = useRef(false);
  useEffect(() => {
    if (status === 'loading' || resumeChecked.current) return;
    resumeChecked.current = true;
    const campaignId = takeRemembered();
    if (!campaignId || !user) return;
    void queryClient
      .fetchQuery(campaignQuery(campaignId))
      .then((campaign) => setDeciding({ campaign, investor: user, returnFocus: null }))
      .catch(() => undefined); // gone or hidden since: the dashboard they landed on is the answer
  }, [status, user, queryClient]);

  useEffect(() => {
    if (!deciding) return;
    let current = true;
    void loadDialog(); // in parallel: the modal is likely next
    void import('@domain/policies.ts').then(({ investRefusal }) => {
      if (!current) return;
      setDeciding(null);
      const refusal = investRefusal(deciding.investor, deciding.campaign);
      if (refusal) {
        announceRefusal(refusal);
        return;
      }
      setModalRequested(true);
      setRequest(deciding);
    });
    return () => {
      current = false;
    };
  }, [deciding]);

  const investRef = useRef(invest);
  useEffect(() => {
    investRef.current = invest;
  });
  // A stable function for the consumers (every card), calling the latest one.
  const value = useMemo<InvestAction>(() => (campaign) => investRef.current(campaign), []);
  return (
    <InvestActionProvider value={value}>
      {children}
      {modalRequested && (
        <Suspense fallback={null}>
          <InvestmentDialog request={request} onClose={() => setRequest(null)} />
        </Suspense>
      )}
    </InvestActionProvider>
  );
}
