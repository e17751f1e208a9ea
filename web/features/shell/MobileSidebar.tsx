import type { ReactNode } from 'react';
import { Sheet, SheetContent, SheetTitle } from '../../components/ui/sheet';

interface MobileSidebarProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  children: ReactNode;
}

/** The side panel as a sheet on small screens; loaded only there (the dialog library is not). */
export function MobileSidebar({ open, onOpenChange, children }: MobileSidebarProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent aria-describedby={undefined}>
        <SheetTitle className="sr-only">Navigation</SheetTitle>
        {children}
      </SheetContent>
    </Sheet>
  );
}
