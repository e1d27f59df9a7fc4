import { useState } from 'react';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { onDemand } from '../on-demand';
import styles from './avatar.module.css';

type Props = {
  /** The picture's URL; without one the user icon shows. */
  src?: string | null;
  /** Width and height in px. */
  size: number;
  shape?: 'circle' | 'square';
  alt?: string;
  /** A click on the picture opens antd's image preview (zoom, rotate), loaded with the first click. */
  preview?: boolean;
};

const ImagePreview = onDemand(
  () => import('./image-preview').then((m) => m.ImagePreview),
  (p) => p.open,
);

/** A user's picture or the user icon, with antd Avatar's look; optionally previewed on click. */
export function Avatar({ src, size, shape = 'circle', alt = '', preview = false }: Props) {
  const [open, setOpen] = useState(false);
  const face = (
    <span
      className={styles.avatar}
      data-shape={shape}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.55) }}
    >
      {src ? <img src={src} alt={alt} /> : <UserOutlined aria-label={alt ? `无${alt}` : undefined} />}
    </span>
  );
  if (!src || !preview) return face;
  return (
    <>
      <button type="button" className={styles.preview} title={`查看${alt}`} onClick={() => setOpen(true)}>
        {face}
      </button>
      <ImagePreview src={src} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
