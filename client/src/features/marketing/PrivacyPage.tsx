import { Page } from '@/components/layouts/page.tsx';

export default function PrivacyPage() {
  return <Page title="PrivacyPage" />;
}
