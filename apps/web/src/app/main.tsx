import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './providers';
import { createAppRouter } from './router';
import 'antd/dist/reset.css';
// antd's styles as it ships them pre-built for its zero-runtime mode (the theme's `zeroRuntime`).
import 'antd/dist/antd.css';
import './global.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
const router = createAppRouter();
createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
