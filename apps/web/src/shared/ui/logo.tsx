import { Link } from 'react-router';
import { HOME_PATH } from '../config/runtime-config';

/** The logo linking to the dashboard (default title LIMS). */
export function Logo({
  collapsed,
  title = 'LIMS',
  dark = true,
}: {
  collapsed?: boolean;
  title?: string;
  dark?: boolean;
}) {
  return (
    <Link
      to={HOME_PATH}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 10,
        height: 64,
        padding: collapsed ? '0 24px' : '0 20px',
        overflow: 'hidden',
        whiteSpace: 'nowrap',
      }}
    >
      <img src="/logo.svg" alt="logo" style={{ width: 32, height: 32, flex: 'none' }} />
      {!collapsed && (
        <span style={{ fontSize: 20, fontWeight: 600, color: dark ? '#fff' : 'rgba(0,0,0,0.88)' }}>{title}</span>
      )}
    </Link>
  );
}
