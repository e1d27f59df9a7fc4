import { Result, Typography } from 'antd';

/** A menu entry whose `component` has no page in this version of the app. */
export function PageMissingPage({ component }: { component: string }) {
  return (
    <Result
      status="warning"
      title="页面尚未提供"
      subTitle={
        <>
          菜单配置的页面组件 <Typography.Text code>{component}</Typography.Text>{' '}
          在当前版本中不存在，请联系系统管理员检查菜单配置。
        </>
      }
    />
  );
}
