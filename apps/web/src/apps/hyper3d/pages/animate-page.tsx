import { AnimatePanel } from '../animate/animate-panel';
import { AnimateScene } from '../animate/animate-scene';
import { TimelinePanel } from '../animate/timeline-panel';
import { StudioLayout } from '../scene/studio-layout';

export default function AnimatePage() {
  return (
    <StudioLayout
      title="Animate"
      intro="Keyframe animation of rotation, position and colour. Play, pause, scrub and change the speed on the timeline; choose the tracks of the selected figure in the panel."
      scene={<AnimateScene />}
      below={<TimelinePanel />}
      panel={<AnimatePanel />}
      panelLabel="Animation panel"
    />
  );
}
