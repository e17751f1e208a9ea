import { LayoutGrid, Plus } from 'lucide-react';
import { PageHeader } from '../../components/PageHeader';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';

const NOT_AVAILABLE = 'Building apps is not available yet.';

/** `/apps` (001 §2 Analytics and Apps): the inert Create App button and the empty state. */
export function AppsPage() {
  return (
    <>
      <PageHeader title="Apps" description="Applications you build on Agora.">
        {/* A disabled button gets no pointer events, so its wrapper carries the explanation. */}
        <span title={NOT_AVAILABLE} className="inline-flex" data-testid="create-app">
          <Button disabled aria-describedby="create-app-unavailable">
            <Plus aria-hidden />
            Create App
          </Button>
          <span id="create-app-unavailable" className="sr-only">
            {NOT_AVAILABLE}
          </span>
        </span>
      </PageHeader>
      <Card className="py-16 text-center" data-testid="apps-empty">
        <LayoutGrid className="mx-auto mb-3 size-10 text-muted-foreground" aria-hidden />
        <h2 className="text-lg font-semibold">No apps created</h2>
        <p className="mt-1 text-sm text-muted-foreground">Build your first application</p>
      </Card>
    </>
  );
}
