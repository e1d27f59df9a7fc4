import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import styles from './list-page.module.css';

type Metrics = { client: number; scroll: number; left: number };

/** The table's scrolling body (antd renders `.ant-table-body` with a fixed header, else `.ant-table-content`). */
const bodyOf = (el: HTMLElement | null) =>
  el?.closest('.ant-table')?.querySelector<HTMLElement>('.ant-table-body, .ant-table-content') ?? null;

/**
 * The table's one horizontal scrollbar, always visible (the browser's own one is hidden until used on
 * overlay-scrollbar systems and in headless browsers). Rendered as the table's footer, which sticks to
 * the bottom of the window while the rows run below it (list-page.module.css); drag the thumb or click
 * the track. antd's sticky scrollbar cannot be the one: rc-table draws it only while the table runs
 * below the window (not once its end is on screen), so it is hidden and this one takes its place.
 */
export function TableScrollbar() {
  const ref = useRef<HTMLDivElement>(null);
  const [m, setM] = useState<Metrics>({ client: 0, scroll: 0, left: 0 });

  useEffect(() => {
    const body = bodyOf(ref.current);
    if (!body) return;
    const measure = () => setM({ client: body.clientWidth, scroll: body.scrollWidth, left: body.scrollLeft });
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(body);
    const table = body.querySelector('table');
    if (table) observer?.observe(table);
    body.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer?.disconnect();
      body.removeEventListener('scroll', measure);
    };
  }, []);

  const overflow = m.scroll > m.client + 1;
  const thumb = overflow ? Math.max(40, (m.client / m.scroll) * m.client) : 0;
  const range = m.client - thumb;
  const maxLeft = m.scroll - m.client;
  const offset = overflow && maxLeft > 0 ? (m.left / maxLeft) * range : 0;

  const scrollTo = (left: number) => {
    const body = bodyOf(ref.current);
    if (body) body.scrollLeft = left;
  };
  const drag = (e: ReactPointerEvent<HTMLDivElement>) => {
    e.preventDefault();
    e.stopPropagation();
    const startX = e.clientX;
    const startLeft = m.left;
    const target = e.currentTarget;
    target.setPointerCapture(e.pointerId);
    const move = (ev: PointerEvent) => scrollTo(startLeft + ((ev.clientX - startX) / range) * maxLeft);
    const up = () => {
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', up);
    };
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', up);
  };
  const page = (e: ReactPointerEvent<HTMLDivElement>) => {
    const x = e.clientX - e.currentTarget.getBoundingClientRect().left;
    scrollTo(m.left + (x < offset ? -m.client : m.client) * 0.9);
  };

  return (
    <div
      ref={ref}
      className={styles.scrollbar}
      hidden={!overflow}
      role="scrollbar"
      aria-label="表格横向滚动条"
      aria-orientation="horizontal"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={maxLeft > 0 ? Math.round((m.left / maxLeft) * 100) : 0}
      onPointerDown={page}
    >
      <div
        className={styles.scrollbarThumb}
        style={{ width: thumb, transform: `translateX(${offset}px)` }}
        onPointerDown={drag}
      />
    </div>
  );
}
