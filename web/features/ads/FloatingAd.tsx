import { X } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { AdNetworkSlot } from './AdNetworkSlot';
import { ADS_PANEL_PATH, FLOATING_DISMISSED_KEY, FLOATING_PLACEMENT_ID } from './placements';
import { RotatingAds, showComingSoon } from './RotatingAds';
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

function FloatingCard({ children, placementId, zIndex }: FloatingCardProps) {
  useFloatingAdRail();
  return (
    <aside
      aria-label="Sponsored"
      data-testid="ad-slot-floating"
      data-placement={placementId}
      className="fixed top-20 right-4 w-64 max-w-[calc(100vw-2rem)]"
      style={{ zIndex }}
    >
      {children}
    </aside>
  );
}

interface FloatingCardProps {
  children: ReactNode;
  placementId: string;
  zIndex: number;
}

/** 002 §2 and §9: the card fixed at top right, at most 3 ads, six dots, a dismiss button. */
export function FloatingAd() {
  const view = usePlacement(FLOATING_PLACEMENT_ID);
  const [dismissed, setDismissed] = useState(dismissedThisSession);
  const onAdsPanel = useLocation().pathname === ADS_PANEL_PATH;
  if (!view || dismissed || onAdsPanel) return null;
  const { placement, ads, network, networkFailed } = view;
  if (!network && ads.length === 0) return null;

  const dismiss = () => {
    rememberDismissal();
    setDismissed(true);
    showComingSoon();
  };

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
          <RotatingAds
            placementId={placement.id}
            ads={ads}
            orientation={placement.orientation}
            intervalMs={placement.rotationInterval}
            autoRotate={placement.autoRotate}
            dots
          />
        )}
      </div>
    </FloatingCard>
  );
}
