import { Page } from '@/components/layouts/page.tsx';

export default function CompliancePage() {
  return <Page title="CompliancePage" />;
}
