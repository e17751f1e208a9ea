import { Megaphone, X } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { AdNetworkSlot } from './AdNetworkSlot';
import { ADS_PANEL_PATH, FLOATING_DISMISSED_KEY, FLOATING_PLACEMENT_ID } from './placements';
import { RotatingAds, rotationOf, showComingSoon } from './RotatingAds';
import { useDevice } from './useAdHooks';
import { usePlacement } from './usePlacement';

function dismissedThisSession(): boolean {
  try {
    return sessionStorage.getItem(FLOATING_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberDismissal(): void {
  try {
    sessionStorage.setItem(FLOATING_DISMISSED_KEY, '1');
  } catch {
    // Storage refused (private mode): the card stays hidden until this page reloads.
  }
}

/** While the card shows, the layout keeps a rail for it on wide windows (web/styles.css). */
function useFloatingAdRail(): void {
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.floatingAd = '';
    return () => {
      delete root.dataset.floatingAd;
    };
  }, []);
}

interface FloatingCardProps {
  children: ReactNode;
  placementId: string;
  zIndex: number;
  /** Folded to a small button on a phone. */
  folded?: boolean;
}

function FloatingCard({ children, placementId, zIndex, folded = false }: FloatingCardProps) {
  useFloatingAdRail();
  return (
    <aside
      aria-label="Sponsored"
      data-testid="ad-slot-floating"
      data-placement={placementId}
      className={
        folded ? 'fixed top-20 right-4' : 'fixed top-20 right-4 w-64 max-w-[calc(100vw-2rem)]'
      }
      style={{ zIndex }}
    >
      {children}
    </aside>
  );
}

/** 002 §2 and §9: the card fixed at top right, at most 3 ads, six dots, a dismiss button. */
export function FloatingAd() {
  const view = usePlacement(FLOATING_PLACEMENT_ID);
  const [dismissed, setDismissed] = useState(dismissedThisSession);
  const onAdsPanel = useLocation().pathname === ADS_PANEL_PATH;
  // On a phone the card would cover most of the page: it waits folded until asked for.
  const mobile = useDevice() === 'mobile';
  const [unfolded, setUnfolded] = useState(false);
  if (!view || dismissed || onAdsPanel) return null;
  const { placement, ads, network, networkFailed } = view;
  if (!network && ads.length === 0) return null;

  const dismiss = () => {
    rememberDismissal();
    setDismissed(true);
    showComingSoon();
  };

  if (mobile && !unfolded) {
    return (
      <FloatingCard placementId={placement.id} zIndex={placement.zIndex} folded>
        <button
          type="button"
          aria-expanded={false}
          onClick={() => setUnfolded(true)}
          className="flex items-center gap-1.5 rounded-full bg-card/95 px-3 py-1.5 text-xs font-medium text-muted-foreground shadow-lg ring-1 ring-border backdrop-blur hover:text-foreground"
        >
          <Megaphone className="size-3.5" aria-hidden />
          Sponsored
        </button>
      </FloatingCard>
    );
  }

  return (
    <FloatingCard placementId={placement.id} zIndex={placement.zIndex}>
      <div className="relative rounded-2xl bg-card/95 p-2 shadow-xl ring-1 ring-border backdrop-blur">
        <button
          type="button"
          aria-label="Dismiss ad"
          onClick={dismiss}
          className="absolute -top-2 -right-2 z-10 flex size-7 items-center justify-center rounded-full bg-card text-muted-foreground shadow ring-1 ring-border transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <X className="size-4" aria-hidden />
        </button>
        {network ? (
          <AdNetworkSlot
            clientId={network.clientId}
            unitId={network.unitId}
            onFailure={networkFailed}
          />
        ) : (
          <RotatingAds {...rotationOf(placement)} ads={ads} dots />
        )}
      </div>
    </FloatingCard>
  );
}
