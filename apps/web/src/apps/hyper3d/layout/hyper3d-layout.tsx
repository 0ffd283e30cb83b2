import AnimationIcon from '@mui/icons-material/Animation';
import CollectionsIcon from '@mui/icons-material/Collections';
import EditIcon from '@mui/icons-material/Edit';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import ViewInArIcon from '@mui/icons-material/ViewInAr';
import type { ReactNode } from 'react';
import { SideNavLayout } from '../../../shared/layout/side-nav-layout';

/** Spec §2: the 3D menu. */
const MENU = [
  { label: 'Figures', to: '/hyper3d', icon: <ViewInArIcon /> },
  { label: 'Animate', to: '/hyper3d/animate', icon: <AnimationIcon /> },
  { label: 'Editor', to: '/hyper3d/editor', icon: <EditIcon /> },
  { label: 'Local Model', to: '/hyper3d/local-model', icon: <FolderOpenIcon /> },
  { label: 'My scenes', to: '/hyper3d/scenes', icon: <CollectionsIcon /> },
];

export default function Hyper3dLayout({ children }: { children: ReactNode }) {
  return (
    <SideNavLayout layout="mainHyper3d" accent="hyper3d" homePath="/hyper3d" menu={MENU}>
      {children}
    </SideNavLayout>
  );
}
