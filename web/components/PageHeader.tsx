import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/useDocumentTitle';

export interface PageHeaderProps {
  title: string;
  description: ReactNode;
  children?: ReactNode;
}

/** The page's one <h1>, its short description, and optional actions beside them. */
export function PageHeader({ title, description, children }: PageHeaderProps) {
  useDocumentTitle(title);
  return (
    <header className="mb-8 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
        <p className="mt-1.5 text-muted-foreground">{description}</p>
      </div>
      {children}
    </header>
  );
}
