/**
 * The floating placement of spec 002 (top right, z-index 9999). Ads arrive with the advertising
 * feature; until then the region stays empty and lets clicks through to the page.
 */
export function FloatingAdSlot() {
  return (
    <aside
      aria-label="Sponsored"
      data-testid="ad-slot-floating"
      data-placement="floating-top-right"
      className="pointer-events-none fixed top-20 right-4 z-[9999] w-64 max-w-[calc(100vw-2rem)]"
    />
  );
}
