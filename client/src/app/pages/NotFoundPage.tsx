import { Link } from 'wouter';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@/components/ui/card.tsx';

export default function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-7xl justify-center px-4 py-20">
      <Card className="w-full max-w-md text-center">
        <CardHeader>
          <h1 className="text-2xl font-bold">Page Not Found</h1>
        </CardHeader>
        <CardContent className="space-y-4">
          <p className="text-muted-foreground">The page you are looking for does not exist or has moved.</p>
          <Button asChild>
            <Link href="/">Back to the home page</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
