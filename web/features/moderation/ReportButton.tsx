import { Flag } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { ReportTargetType } from '../../../shared/moderation/schemas';
import { Button } from '../../components/ui/button';

const ReportDialog = lazy(async () => ({
  default: (await import('./ReportDialog')).ReportDialog,
}));

export interface ReportButtonProps {
  targetType: ReportTargetType;
  targetId: string;
  className?: string;
}

/**
 * "Report" under a post or comment that is not the member's own. The dialog, its form and the
 * moderation API load on the first click, keeping every feed inside its budget.
 */
export function ReportButton({ targetType, targetId, className }: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className={className}
        aria-haspopup="dialog"
        aria-label={`Report this ${targetType}`}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        data-testid={`report-${targetType}`}
      >
        <Flag aria-hidden />
        <span className="sr-only sm:not-sr-only">Report</span>
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <ReportDialog
            targetType={targetType}
            targetId={targetId}
            open={open}
            onOpenChange={setOpen}
          />
        </Suspense>
      )}
    </>
  );
}
