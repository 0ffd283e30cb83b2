import { useState } from 'react';
import { useUploadProductImage } from '../api/products';
import { errorText } from '../components/error-text';

export interface Upload {
  name: string;
  progress: number;
  error: string | null;
}

/** A picture to send, and the colour it shows (null: every colour). */
export interface PictureToSend {
  file: File;
  color: string | null;
}

/**
 * Sends pictures one at a time, in the order chosen (the pictures keep that order), each with its
 * progress; those that failed stay listed with their error.
 */
export function usePictureUploads() {
  const upload = useUploadProductImage();
  const [uploads, setUploads] = useState<Upload[]>([]);

  async function send(productId: number, pictures: PictureToSend[]): Promise<number> {
    setUploads(pictures.map(({ file }) => ({ name: file.name, progress: 0, error: null })));
    let failed = 0;
    for (const [index, { file, color }] of pictures.entries()) {
      const patch = (change: Partial<Upload>) =>
        setUploads((list) => list.map((item, i) => (i === index ? { ...item, ...change } : item)));
      try {
        await upload.mutateAsync({ id: productId, file, color, onProgress: (progress) => patch({ progress }) });
        patch({ progress: 1 });
      } catch (error) {
        failed += 1;
        patch({ error: errorText(error) });
      }
    }
    setUploads((list) => list.filter((item) => item.error !== null));
    return failed;
  }

  return { uploads, send };
}
