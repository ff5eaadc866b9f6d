// /admin/kyc: the whole KYC queue (Pending and Under Review), oldest submission first, with the
// document viewer and approve / reject with a reason.
import { Page } from '@/components/layouts/page.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { AdminOnly } from '../components/AdminOnly.tsx';
import { UserManagement } from '../components/UserManagement.tsx';

const TITLE = 'KYC Review';

export default function AdminKycPage() {
  return (
    <AdminOnly title={TITLE}>
      <Page title={TITLE} lead="Every user waiting for identity verification, oldest first.">
        <Card>
          <CardContent className="pt-6">
            <UserManagement tabs={['pending-kyc']} idPrefix="kyc-queue" />
          </CardContent>
        </Card>
      </Page>
    </AdminOnly>
  );
}
