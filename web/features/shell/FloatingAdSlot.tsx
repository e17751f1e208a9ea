import { Suspense } from 'react';
import { useAdSlots } from '../../components/adSlotsContext';
import { useSession } from '../auth';

/**
 * The floating placement of spec 002 (top right, the placement's z-index), for signed-in
 * members. Its code loads once the first page is idle; until then nothing renders.
 */
export function FloatingAdSlot() {
  const signedIn = useSession().user !== null;
  const ads = useAdSlots();
  if (!signedIn || !ads) return null;
  return (
    <Suspense fallback={null}>
      <ads.FloatingAd />
    </Suspense>
  );
}
