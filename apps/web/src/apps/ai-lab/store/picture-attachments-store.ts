import { AI_LAB_LIMITS } from '@portal/contracts';
import { deleteVisionImage } from '../api/delete-vision-image';
import { uploadVisionImage } from '../api/upload-vision-images';
import { createUploadQueue } from './upload-queue';

/** Spec §3 `promptImages`: pictures attached to the next Funny Chat question (their URLs, sent as `prompt_images`). */
export const useAttachmentStore = createUploadQueue<string>({
  max: AI_LAB_LIMITS.maxPromptImages,
  tooMany: `At most ${AI_LAB_LIMITS.maxPromptImages} pictures per question.`,
  preview: (file) => URL.createObjectURL(file),
  upload: uploadVisionImage,
  discard: deleteVisionImage,
});
