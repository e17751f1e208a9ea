import type { ReactNode } from 'react';
import { Card, CardContent } from '../../components/ui/card';

export interface SettingsSectionProps {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}

/** One titled block of a settings page; its <h2> names the region for screen readers. */
export function SettingsSection({ id, title, description, children }: SettingsSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <Card>
      <section aria-labelledby={headingId} data-testid={`settings-${id}`}>
        <div className="flex flex-col gap-1 p-6 pb-4">
          <h2 id={headingId} className="text-lg font-semibold tracking-tight">
            {title}
          </h2>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        <CardContent>{children}</CardContent>
      </section>
    </Card>
  );
}
