import { lazy, Suspense, useEffect } from 'react';
import { toast } from 'sonner';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { noticeShown, selectCallState } from './callSlice';

// Most pages never see a call: the peer connection, the dialog and the panel load with the first.
const ActiveCall = lazy(async () => ({ default: (await import('./ActiveCall')).ActiveCall }));

/** Calls on every page; how the last one ended is told once, after its panel has gone. */
export function CallLayer() {
  const dispatch = useAppDispatch();
  const { call, notice } = useAppSelector(selectCallState);
  useEffect(() => {
    if (!notice) return;
    toast(notice);
    dispatch(noticeShown());
  }, [notice, dispatch]);
  if (!call) return null;
  return (
    <Suspense fallback={null}>
      <ActiveCall />
    </Suspense>
  );
}
