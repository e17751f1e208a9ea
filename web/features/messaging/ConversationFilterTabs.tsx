import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { CONVERSATION_TABS, isConversationTab, type ConversationTab } from './conversationList';

export interface ConversationFilterTabsProps {
  value: ConversationTab;
  onChange: (tab: ConversationTab) => void;
  /** The list under the active tab. */
  children: ReactNode;
}

/** The all / unread / starred / archived tabs as a real tablist (arrow keys move between them). */
export function ConversationFilterTabs({ value, onChange, children }: ConversationFilterTabsProps) {
  return (
    <Tabs.Root
      value={value}
      onValueChange={(next) => {
        if (isConversationTab(next)) onChange(next);
      }}
      className="flex min-h-0 flex-1 flex-col"
    >
      <Tabs.List
        aria-label="Filter conversations"
        className="mx-3 grid grid-cols-4 gap-1 rounded-lg bg-muted p-1"
      >
        {CONVERSATION_TABS.map((tab) => (
          <Tabs.Trigger
            key={tab.value}
            value={tab.value}
            data-testid={`messages-tab-${tab.value}`}
            className={cn(
              'rounded-md px-2 py-1 text-xs font-medium text-muted-foreground transition-colors',
              'hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
              'data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm',
            )}
          >
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {CONVERSATION_TABS.map((tab) => (
        <Tabs.Content
          key={tab.value}
          value={tab.value}
          className="mt-2 min-h-0 flex-1 overflow-y-auto focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring"
        >
          {tab.value === value && children}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
