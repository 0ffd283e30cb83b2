import type { ThreeEvent } from '@react-three/fiber';
import { displayColor, HALF_HEIGHT, SELECTED_COLOR, type Figure } from './figure-model';
import { FigureGeometry, FigureMaterial } from './figure-geometry';

interface Props {
  figure: Figure;
  selected: boolean;
  hovered: boolean;
  onHover: (id: string | null) => void;
  onSelect: (id: string) => void;
}

const HOVER_SCALE = 1.06;

/** One figure: lighter and a little larger under the pointer, red when selected. */
export function FigureMesh({ figure, selected, hovered, onHover, onSelect }: Props) {
  const scale = figure.size * (hovered ? HOVER_SCALE : 1);
  const color = displayColor(figure, { selected, hovered });
  return (
    <mesh
      name={figure.name}
      position={[figure.x, HALF_HEIGHT[figure.kind] * scale, figure.z]}
      scale={scale}
      castShadow
      receiveShadow
      onPointerOver={(event: ThreeEvent<PointerEvent>) => {
        event.stopPropagation();
        onHover(figure.id);
      }}
      onPointerOut={() => onHover(null)}
      onClick={(event: ThreeEvent<MouseEvent>) => {
        event.stopPropagation();
        onSelect(figure.id);
      }}
    >
      <FigureGeometry kind={figure.kind} />
      <FigureMaterial material={figure.material} color={color} />
      {selected && figure.material === 'normal' && (
        // The normal material has no colour of its own: a red cage shows the selection.
        <mesh scale={1.04} raycast={() => null}>
          <FigureGeometry kind={figure.kind} />
          <meshBasicMaterial color={SELECTED_COLOR} wireframe />
        </mesh>
      )}
    </mesh>
  );
}
