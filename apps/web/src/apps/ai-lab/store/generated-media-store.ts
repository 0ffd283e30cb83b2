import { create } from 'zustand';

interface Generated {
  url: string;
  prompt: string;
}

interface GeneratedMediaState {
  /** Spec §3 `imageURL`: the last generated picture. */
  image: Generated | null;
  /** Spec §3 `voiceMessage`: the last generated voice. */
  voice: Generated | null;
  setImage(image: Generated): void;
  setVoice(voice: Generated): void;
}

/** The lab's last results, kept while the page is open so that moving between its pages loses nothing. */
export const useGeneratedMediaStore = create<GeneratedMediaState>((set) => ({
  image: null,
  voice: null,
  setImage: (image) => set({ image }),
  setVoice: (voice) => set({ voice }),
}));
