import {
  ChartLine,
  Check,
  Crown,
  Headset,
  Shield,
  Users,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import type { AdDefinition, AdIcon } from '../../../shared/ads';
import { cn } from '../../lib/cn';

const icons: Record<AdIcon, LucideIcon> = {
  crown: Crown,
  zap: Zap,
  users: Users,
  shield: Shield,
  chart: ChartLine,
  headset: Headset,
};

export interface AdCardProps {
  ad: AdDefinition;
  /** The placement's layout: a tall card floating, a wide one between posts. */
  orientation: 'vertical' | 'horizontal';
  onSubscribe(): void;
  className?: string;
}

/** One sponsored card: the definition's gradient, icon, badge, title, text, features, button. */
export function AdCard({ ad, orientation, onSubscribe, className }: AdCardProps) {
  const Icon = icons[ad.icon];
  const [from, to] = ad.gradient;
  const horizontal = orientation === 'horizontal';
  return (
    <article
      aria-label={`Sponsored: ${ad.title}`}
      data-testid="ad-card"
      data-ad-id={ad.id}
      className={cn(
        'relative overflow-hidden rounded-2xl p-4 text-white shadow-lg',
        horizontal ? 'flex flex-col gap-3 sm:flex-row sm:items-center' : 'flex flex-col gap-3',
        className,
      )}
      style={{ backgroundImage: `linear-gradient(135deg, ${from}, ${to})` }}
    >
      <div className={cn('flex items-start gap-3', horizontal && 'sm:flex-1')}>
        <span
          className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-white/20"
          style={{ color: ad.accentColor }}
        >
          <Icon className="size-5 text-white" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <span className="inline-block rounded-full bg-white/25 px-2 py-0.5 text-[11px] font-semibold tracking-wide uppercase">
            {ad.badge}
          </span>
          <p className="mt-1 text-base leading-tight font-semibold break-words">{ad.title}</p>
          <p className="mt-1 text-sm break-words text-white/90">{ad.description}</p>
        </div>
      </div>
      {ad.features.length > 0 && (
        <ul
          aria-label="Features"
          className={cn('grid gap-1 text-sm', horizontal && 'sm:w-56 sm:shrink-0')}
        >
          {ad.features.map((feature) => (
            <li key={feature} className="flex items-start gap-1.5 break-words">
              <Check className="mt-0.5 size-4 shrink-0" aria-hidden />
              {feature}
            </li>
          ))}
        </ul>
      )}
      {/* Not the ui Button: importing it here moves chunks the first page shares, past its budget. */}
      <button
        type="button"
        className="inline-flex h-10 items-center justify-center rounded-lg bg-white px-4 text-sm font-semibold text-gray-900 shadow-sm transition-colors hover:bg-white/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        onClick={onSubscribe}
      >
        {ad.buttonText}
      </button>
    </article>
  );
}
