import { useThree } from '@react-three/fiber';
import { useEffect } from 'react';
import { SceneCanvas } from '../scene/scene-canvas';
import { FitCamera } from '../scene/fit-camera';
import { OrbitControls } from '../scene/orbit-controls';
import { Ground, StudioLights } from '../scene/studio-lights';
import { MATERIAL_LABELS } from './figure-model';
import { FigureMesh } from './figure-mesh';
import { useFiguresStore } from './figures-store';

function PointerCursor({ pointer }: { pointer: boolean }) {
  const element = useThree((state) => state.gl.domElement);
  useEffect(() => {
    element.style.cursor = pointer ? 'pointer' : '';
  }, [element, pointer]);
  return null;
}

/** The figures on the ground, lit, with orbit controls; hover highlights, click selects. */
export function FiguresScene() {
  const { figures, selectedId, hoveredId, select, hover } = useFiguresStore();
  const selected = figures.find((figure) => figure.id === selectedId);
  const description = (
    <>
      {figures.length} figures:{' '}
      {figures.map((f) => `${f.name} (${MATERIAL_LABELS[f.material].toLowerCase()}, ${f.color}, size ${f.size})`).join('; ')}.{' '}
      {selected ? `${selected.name} is selected.` : 'None is selected.'} Drag to orbit, scroll to zoom; the panel edits the
      figures with the keyboard.
    </>
  );
  return (
    <SceneCanvas
      testId="figures-canvas"
      label="3D scene of figures"
      description={description}
      camera={{ position: [5.2, 4, 6.8] }}
      onPointerMissed={() => select(null)}
    >
      {(colors) => (
        <>
          <StudioLights colors={colors} />
          <Ground colors={colors} />
          <OrbitControls target={[0, 0.6, 0]} aboveGround minDistance={3} maxDistance={30} />
          <PointerCursor pointer={hoveredId !== null} />
          <FitCamera />
          {figures.map((figure) => (
            <FigureMesh
              key={figure.id}
              figure={figure}
              selected={figure.id === selectedId}
              hovered={figure.id === hoveredId}
              onHover={hover}
              onSelect={select}
            />
          ))}
        </>
      )}
    </SceneCanvas>
  );
}
