import { Page } from '@/components/layouts/page.tsx';

export default function TermsPage() {
  return <Page title="TermsPage" />;
}
