import { useMemo } from 'react';
import { Link } from 'react-router';
import { Card, Typography } from 'antd';
import { useSession } from '../../shared/session/session-store';
import { greeting } from '../../shared/ui/greeting';
import { MenuIcon } from '../../shared/ui/menu-icon';

/** 工作台 (the static route set's home): greeting and shortcuts to the pages of the user's menu. */
export default function WorkplacePage() {
  const user = useSession((s) => s.userInfo);
  const menu = useSession((s) => s.menu);
  const shortcuts = useMemo(
    () =>
      menu
        .flatMap((top) => (top.children?.length ? top.children : [top]))
        .filter((e) => !e.hidden && !e.children?.length),
    [menu],
  );
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Card>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {greeting()}，{user?.realname ?? user?.username}，祝你开心每一天！
        </Typography.Title>
      </Card>
      <Card title="快捷入口">
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))', gap: 12 }}>
          {shortcuts.map((e) => (
            <Link
              key={e.path}
              to={e.path}
              style={{ padding: 12, border: '1px solid rgba(128,128,128,0.2)', borderRadius: 4 }}
            >
              <MenuIcon name={e.meta.icon} /> {e.meta.title}
            </Link>
          ))}
        </div>
      </Card>
    </div>
  );
}
