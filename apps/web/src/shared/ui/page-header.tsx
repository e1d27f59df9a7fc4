import type { ReactNode } from 'react';
import { Avatar, Input, Tabs } from 'antd';
import styles from './page-header.module.css';

export type PageHeaderProps = {
  title: ReactNode;
  logo?: string;
  avatar?: string;
  description?: ReactNode;
  linkList?: Array<{ title: string; href: string; icon?: ReactNode }>;
  /** Shows the search box (placeholder 请输入..., button 搜索). */
  onSearch?: (value: string) => void;
  tabs?: Array<{ key: string; tab: ReactNode }>;
  activeTab?: string;
  onTabChange?: (key: string) => void;
  extra?: ReactNode;
};

/** Page header (SPEC section 2): title, logo, avatar, description, links, search and tabs. */
export function PageHeader(p: PageHeaderProps) {
  return (
    <div className={styles.header}>
      <div className={styles.row}>
        {p.logo && <img className={styles.logo} src={p.logo} alt="" />}
        {p.avatar && <Avatar size="large" src={p.avatar} />}
        <div className={styles.main}>
          <h1 className={styles.title}>{p.title}</h1>
          {p.description && <div className={styles.description}>{p.description}</div>}
          {p.linkList && p.linkList.length > 0 && (
            <div className={styles.links}>
              {p.linkList.map((l) => (
                <a key={l.href + l.title} href={l.href}>
                  {l.icon} {l.title}
                </a>
              ))}
            </div>
          )}
        </div>
        {p.extra && <div>{p.extra}</div>}
      </div>
      {p.onSearch && (
        <div className={styles.search}>
          <Input.Search
            placeholder="请输入..."
            enterButton="搜索"
            size="large"
            onSearch={(v) => p.onSearch?.(v.trim())}
          />
        </div>
      )}
      {p.tabs && p.tabs.length > 0 && (
        <Tabs
          className={styles.tabs}
          activeKey={p.activeTab}
          onChange={p.onTabChange}
          items={p.tabs.map((t) => ({ key: t.key, label: t.tab }))}
        />
      )}
    </div>
  );
}
