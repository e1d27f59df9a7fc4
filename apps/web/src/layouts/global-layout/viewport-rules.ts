/** SPEC section 9 breakpoints. */
export const MOBILE_MAX = 768;
export const TABLET_MAX = 1088;
export const SIDER_WIDTH = 200;
export const SIDER_COLLAPSED_WIDTH = 80;

export type Device = 'desktop' | 'mobile';

/**
 * SPEC section 4: under 768 px the device is mobile and the sidebar closed; under 1088 px the
 * sidebar collapses (device desktop); wider, the user's own choice applies.
 */
export function viewportState(width: number): { device: Device; forceCollapsed: boolean } {
  if (width < MOBILE_MAX) return { device: 'mobile', forceCollapsed: true };
  if (width < TABLET_MAX) return { device: 'desktop', forceCollapsed: true };
  return { device: 'desktop', forceCollapsed: false };
}
