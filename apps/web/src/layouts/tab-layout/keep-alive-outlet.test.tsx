import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { KeepAliveOutlet } from './keep-alive-outlet';

function Field({ label }: { label: string }) {
  const { pathname } = useLocation();
  return (
    <label>
      {label}
      <input aria-label={label} data-path={pathname} />
    </label>
  );
}

function Shell({ keys }: { keys: string[] }) {
  const { pathname, search } = useLocation();
  return <KeepAliveOutlet activeKey={pathname + search} keys={keys} versions={{}} />;
}

function setup(keys: string[]) {
  const routes: RouteObject[] = [
    {
      path: '/',
      element: <Shell keys={keys} />,
      children: [
        { path: 'a', element: <Field label="A" /> },
        { path: 'b', element: <Field label="B" /> },
      ],
    },
  ];
  const router = createMemoryRouter(routes, { initialEntries: ['/a'] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('KeepAliveOutlet', () => {
  it('keeps a page (and what was typed) while another tab is shown', async () => {
    const router = setup(['/a', '/b']);
    fireEvent.change(screen.getByLabelText('A'), { target: { value: '半填的表单' } });
    await act(() => router.navigate('/b'));
    expect(screen.getByLabelText<HTMLInputElement>('A', { selector: 'input' }).closest('div')?.style.display).toBe(
      'none',
    );
    expect(screen.getByLabelText('A', { selector: 'input' }).getAttribute('data-path')).toBe('/a');
    await act(() => router.navigate('/a'));
    expect(screen.getByLabelText<HTMLInputElement>('A', { selector: 'input' }).value).toBe('半填的表单');
  });

  it('forgets pages whose tab is closed', async () => {
    const router = setup(['/b']);
    fireEvent.change(screen.getByLabelText('A'), { target: { value: 'x' } });
    await act(() => router.navigate('/b'));
    expect(screen.queryByLabelText('A', { selector: 'input' })).toBeNull();
  });
});
