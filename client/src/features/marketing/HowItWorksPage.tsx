import { Page } from '@/components/layouts/page.tsx';

export default function HowItWorksPage() {
  return <Page title="HowItWorksPage" />;
}
