import BoltIcon from '@mui/icons-material/Bolt';
import CollectionsIcon from '@mui/icons-material/Collections';
import EmojiEmotionsIcon from '@mui/icons-material/EmojiEmotions';
import ImageIcon from '@mui/icons-material/Image';
import RecordVoiceOverIcon from '@mui/icons-material/RecordVoiceOver';
import { lazy, Suspense, type ReactNode } from 'react';
import { SideNavLayout } from '../../../shared/layout/side-nav-layout';

const RealtimeConnection = lazy(() => import('./realtime-connection'));

/** Spec §2: the AI lab menu, and the gallery of generated media. */
const MENU = [
  { label: 'Funny Chat', to: '/ai-lab', icon: <EmojiEmotionsIcon /> },
  { label: 'Image Generator', to: '/ai-lab/image-generator', icon: <ImageIcon /> },
  { label: 'Voice Generator', to: '/ai-lab/voice-generator', icon: <RecordVoiceOverIcon /> },
  { label: 'Realtime Chat', to: '/ai-lab/realtime-chat', icon: <BoltIcon /> },
  { label: 'Gallery', to: '/ai-lab/my-gallery', icon: <CollectionsIcon /> },
];

export default function AiLabLayout({ children }: { children: ReactNode }) {
  return (
    <SideNavLayout layout="mainAILab" accent="aiLab" homePath="/ai-lab" menu={MENU}>
      {/* Spec §4: the realtime chat's socket opens when the AI lab layout mounts. */}
      <Suspense fallback={null}>
        <RealtimeConnection />
      </Suspense>
      {children}
    </SideNavLayout>
  );
}
