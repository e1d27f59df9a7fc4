import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { loadChunk } from './chunk-load';

/**
 * A component whose script loads the first time it is needed (a form modal, a drawer, a dialog
 * that starts closed): until `needed(props)` is true it renders nothing and fetches nothing;
 * from then on it stays mounted like a static import, so closing animations and form state
 * behave as before. Keeps heavy pieces (forms, date pickers, zod schemas) out of a page's
 * first load.
 *
 *   const SupplierFormModal = onDemand(() => import('./supplier-form-modal').then((m) => m.SupplierFormModal), (p) => p.modal.open);
 */
export function onDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
  needed: (props: P) => boolean,
): ComponentType<P> {
  const Lazy = lazy(() => loadChunk(load).then((component) => ({ default: component })));
  function OnDemand(props: P) {
    const [wanted, setWanted] = useState(false);
    const now = needed(props);
    if (now && !wanted) setWanted(true);
    if (!now && !wanted) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return OnDemand;
}

/**
 * A component whose script loads when it first renders: `fallback` (default nothing) shows until
 * then. For parts that show only sometimes once their page is open (a tab, an expanded row, a radio
 * selection column):
 *
 *   const LogRequestDetail = lazyComponent(() => import('./log-request-detail').then((m) => m.LogRequestDetail));
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): ComponentType<P> {
  const Lazy = lazy(() => loadChunk(load).then((component) => ({ default: component })));
  function LazyComponent(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyComponent;
}
