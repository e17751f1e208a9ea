import { cn } from '../lib/cn';

/** The Agora mark: three people meeting in a square. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('size-8 shrink-0', className)} aria-hidden>
      <defs>
        <linearGradient id="agora-mark" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6366f1" />
          <stop offset="1" stopColor="#8b5cf6" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill="url(#agora-mark)" />
      <circle cx="16" cy="10" r="3.2" fill="#fff" />
      <circle cx="9.5" cy="20" r="3.2" fill="#fff" fillOpacity="0.85" />
      <circle cx="22.5" cy="20" r="3.2" fill="#fff" fillOpacity="0.85" />
      <path
        d="M16 13.5 10.5 17.5M16 13.5l5.5 4M12.8 20h6.4"
        stroke="#fff"
        strokeOpacity="0.7"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <span
      className={cn('flex items-center gap-2.5 text-lg font-semibold tracking-tight', className)}
    >
      <LogoMark />
      <span>Agora</span>
    </span>
  );
}
