import type { ReactNode } from 'react';
import { Drawer } from 'antd';
import { SIDER_WIDTH } from './viewport-rules';

/** The side menu of a phone-sized screen, sliding in from the left. */
export default function MobileMenuDrawer({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer
      placement="left"
      open={open}
      onClose={onClose}
      size={SIDER_WIDTH}
      closable={false}
      styles={{ body: { padding: 0 } }}
    >
      {children}
    </Drawer>
  );
}
