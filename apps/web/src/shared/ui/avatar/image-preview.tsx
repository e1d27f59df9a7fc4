import { Image } from 'antd';

const PreviewGroup = Image.PreviewGroup;

/** antd's image preview of one picture, without a thumbnail of its own (the caller shows one). */
export function ImagePreview({ src, open, onClose }: { src: string; open: boolean; onClose: () => void }) {
  return (
    <PreviewGroup
      items={[src]}
      preview={{
        open,
        onOpenChange: (next) => {
          if (!next) onClose();
        },
      }}
    />
  );
}
