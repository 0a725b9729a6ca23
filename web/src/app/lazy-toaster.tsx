import { lazy, Suspense, useEffect, useState } from 'react';
import { centerToaster, toaster } from '@/lib/toaster';

const AppToaster = lazy(() => import('@/components/app-toaster').then((module) => ({ default: module.AppToaster })));

/**
 * Mounts the toast region the first time a toast is created (or right away when `eager`). The toast
 * machinery then loads in its own chunk instead of the login route's; the toaster store keeps toasts
 * created before the region mounts and the region shows them on mount.
 */
export function LazyToaster({ eager }: { eager: boolean }) {
  const [needed, setNeeded] = useState(() => eager || toaster.getCount() + centerToaster.getCount() > 0);
  // Once `eager`, the region stays mounted (after a sign-out too); set while rendering, so no commit lacks it.
  if (eager && !needed) setNeeded(true);
  useEffect(() => {
    if (needed) return undefined;
    const stops = [toaster, centerToaster].map((queue) => queue.subscribe(() => setNeeded(true)));
    return () => stops.forEach((stop) => stop());
  }, [needed]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}
