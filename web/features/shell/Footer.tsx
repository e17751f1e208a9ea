import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { cn } from '../../lib/cn';

export function isSecureProtocol(protocol: string): boolean {
  return protocol === 'https:';
}

export function Footer({ className }: { className?: string }) {
  const secure = isSecureProtocol(window.location.protocol);
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
        <span
          data-testid="connection-security"
          className={cn(
            'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-medium',
            secure
              ? 'border-success/30 bg-success/10 text-success'
              : 'border-warning/40 bg-warning/10 text-warning',
          )}
        >
          {secure ? (
            <ShieldCheck className="size-3.5" aria-hidden />
          ) : (
            <ShieldAlert className="size-3.5" aria-hidden />
          )}
          {secure ? 'Secure' : 'Not Secure'}
        </span>
      </div>
    </footer>
  );
}
