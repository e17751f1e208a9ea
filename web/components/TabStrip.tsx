import * as Tabs from '@radix-ui/react-tabs';
import { cn } from '../lib/cn';

const triggerClass = cn(
  'inline-flex items-center gap-2 rounded-lg px-3 py-1.5 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors',
  'hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
  'data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm',
);

/** A row of Radix tab triggers in the app's pill style (see FriendsTabList). */
export function TabStrip({
  label,
  tabs,
}: {
  label: string;
  tabs: { value: string; label: string }[];
}) {
  return (
    <Tabs.List
      aria-label={label}
      className="scrollbar-none flex w-full gap-1 overflow-x-auto rounded-xl bg-muted p-1 sm:w-max"
    >
      {tabs.map((tab) => (
        <Tabs.Trigger key={tab.value} value={tab.value} className={triggerClass}>
          {tab.label}
        </Tabs.Trigger>
      ))}
    </Tabs.List>
  );
}
