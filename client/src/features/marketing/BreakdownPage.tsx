import { Page } from '@/components/layouts/page.tsx';

export default function BreakdownPage() {
  return <Page title="BreakdownPage" />;
}
