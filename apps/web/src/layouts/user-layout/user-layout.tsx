import { Link, Outlet } from 'react-router';
import { getRuntimeConfig } from '../../shared/config/runtime-config';
import styles from './user-layout.module.css';

/** Layout of the pages before login: logo, subtitle, the page, and a footer with the filing number. */
export default function UserLayout() {
  const { icpNumber } = getRuntimeConfig();
  return (
    <div className={styles.container}>
      <div className={styles.main}>
        <header className={styles.top}>
          <Link to="/user/login" className={styles.brand}>
            <img src="/logo.svg" alt="logo" className={styles.logo} />
            <h1 className={styles.title}>LIMS 管理平台</h1>
          </Link>
          <p className={styles.desc}>实验室信息管理系统 · 检测业务与系统管理一体化平台</p>
        </header>
        <main>
          <Outlet />
        </main>
      </div>
      <footer className={styles.footer}>
        <div>Copyright © {new Date().getFullYear()} LIMS 管理平台</div>
        <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">
          {icpNumber}
        </a>
      </footer>
    </div>
  );
}
