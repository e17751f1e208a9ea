import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { StatusBadge } from './ui/status-badge';
import { cn } from '../lib/cn';

export function isSecureProtocol(protocol: string): boolean {
  return protocol === 'https:';
}

export function Footer({ className }: { className?: string }) {
  // Unknown where the page is drawn at build time (web/app/prerender.tsx): the badge keeps its
  // place, unseen, until the app draws the page in the browser.
  const secure = typeof window === 'undefined' ? null : isSecureProtocol(window.location.protocol);
  const year = new Date().getFullYear();
  return (
    <footer
      className={cn(
        'flex flex-col items-center justify-between gap-3 border-t px-4 py-5 text-sm text-muted-foreground sm:flex-row md:px-8',
        className,
      )}
    >
      <p>© {year} Agora. All rights reserved.</p>
      <div className="flex flex-wrap items-center justify-center gap-x-5 gap-y-2">
        <a className="hover:text-foreground hover:underline" href="/terms-of-service.html">
          Terms of Service
        </a>
        <a className="hover:text-foreground hover:underline" href="/privacy-policy.html">
          Privacy Policy
        </a>
        <StatusBadge
          data-testid="connection-security"
          tone={secure === false ? 'warning' : 'success'}
          className={cn('py-0.5', secure === null && 'invisible')}
        >
          {secure === false ? <ShieldAlert aria-hidden /> : <ShieldCheck aria-hidden />}
          {secure === false ? 'Not Secure' : 'Secure'}
        </StatusBadge>
      </div>
    </footer>
  );
}
