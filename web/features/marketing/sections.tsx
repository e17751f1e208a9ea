import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card } from '../../components/ui/card';
import { buttonVariants } from '../../components/ui/button';

/** A titled section of a marketing page; its heading is an h2 under the page's h1. */
export function Section({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="grid gap-4">
      <div>
        <h2 id={id} className="text-xl font-semibold tracking-tight">
          {title}
        </h2>
        {intro && <p className="mt-1 text-sm text-muted-foreground">{intro}</p>}
      </div>
      {children}
    </section>
  );
}

export interface Figure {
  value: string;
  label: string;
}

export function FigureGrid({ figures, testId }: { figures: readonly Figure[]; testId?: string }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid={testId}>
      {figures.map((figure) => (
        <Card key={figure.label} className="flex flex-col-reverse gap-1 p-5">
          <dt className="text-sm text-muted-foreground">{figure.label}</dt>
          <dd className="text-3xl font-semibold tracking-tight text-primary">{figure.value}</dd>
        </Card>
      ))}
    </dl>
  );
}

export interface Feature {
  icon: LucideIcon;
  title: string;
  text: string;
  /** A link under the text: where the feature lives in Agora. */
  action?: { label: string; to: string };
}

export function FeatureGrid({
  features,
  columns = 3,
}: {
  features: readonly Feature[];
  columns?: 2 | 3 | 4;
}) {
  const grid = {
    2: 'sm:grid-cols-2',
    3: 'sm:grid-cols-2 lg:grid-cols-3',
    4: 'sm:grid-cols-2 lg:grid-cols-4',
  }[columns];
  return (
    <ul className={`grid gap-4 ${grid}`}>
      {features.map(({ icon: Icon, title, text, action }) => (
        <li key={title}>
          <Card className="flex h-full flex-col gap-2 p-5">
            <Icon className="size-6 text-primary" aria-hidden />
            <h3 className="font-semibold">{title}</h3>
            <p className="flex-1 text-sm text-muted-foreground">{text}</p>
            {action && (
              <Link
                to={action.to}
                className={buttonVariants({ variant: 'outline', size: 'sm' })}
                aria-label={`${action.label}: ${title}`}
              >
                {action.label}
              </Link>
            )}
          </Card>
        </li>
      ))}
    </ul>
  );
}

export interface Step {
  title: string;
  text: string;
}

export function Steps({ steps }: { steps: readonly Step[] }) {
  return (
    <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {steps.map((step, index) => (
        <li key={step.title}>
          <Card className="h-full p-5">
            <span
              aria-hidden
              className="mb-3 flex size-8 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
            >
              {index + 1}
            </span>
            <h3 className="font-semibold">
              <span className="sr-only">Step {index + 1}: </span>
              {step.title}
            </h3>
            <p className="mt-1 text-sm text-muted-foreground">{step.text}</p>
          </Card>
        </li>
      ))}
    </ol>
  );
}

/** The page's calls to action: links to where each really leads. */
export function Actions({
  actions,
}: {
  actions: readonly { label: string; to: string; primary?: boolean }[];
}) {
  return (
    <div className="flex flex-wrap gap-3">
      {actions.map((action) => (
        <Link
          key={action.label}
          to={action.to}
          className={buttonVariants({
            variant: action.primary ? 'default' : 'outline',
            size: 'lg',
          })}
        >
          {action.label}
        </Link>
      ))}
    </div>
  );
}
