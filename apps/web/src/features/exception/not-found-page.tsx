import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../shared/config/runtime-config';

/** /404 (SPEC section 2). */
export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle="抱歉，你访问的页面不存在"
      extra={
        <Button type="primary" onClick={() => void navigate(HOME_PATH)}>
          返回首页
        </Button>
      }
    />
  );
}
