import { useState } from 'react';
import { cn } from '../../lib/cn';
import type { ConversationTab } from './conversationList';
import { ConversationFilterTabs } from './ConversationFilterTabs';
import { ConversationList } from './ConversationList';
import { ConversationSearch } from './ConversationSearch';

export interface ConversationPanelProps {
  selectedId: string | null;
  onSelect: (id: string) => void;
  className?: string;
}

/** The left column: search, filter tabs and the conversations that pass both. */
export function ConversationPanel({ selectedId, onSelect, className }: ConversationPanelProps) {
  const [tab, setTab] = useState<ConversationTab>('all');
  const [query, setQuery] = useState('');
  return (
    <section
      aria-labelledby="conversations-heading"
      className={cn('min-h-0 min-w-0 flex-col border-r md:flex', className)}
    >
      <div className="grid gap-3 p-3">
        <h2 id="conversations-heading" className="text-base font-semibold">
          Conversations
        </h2>
        <ConversationSearch value={query} onChange={setQuery} />
      </div>
      <ConversationFilterTabs value={tab} onChange={setTab}>
        <ConversationList tab={tab} query={query} selectedId={selectedId} onSelect={onSelect} />
      </ConversationFilterTabs>
    </section>
  );
}
