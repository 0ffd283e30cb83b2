import {
  BoxGeometry,
  ConeGeometry,
  CylinderGeometry,
  IcosahedronGeometry,
  PlaneGeometry,
  SphereGeometry,
  TorusGeometry,
  TorusKnotGeometry,
  type BufferGeometry,
} from 'three';
import type { Hyper3dShape } from '@portal/contracts';
import type { FigureKind, MaterialKind } from './figure-model';

/** The same geometries as plain three.js objects (and the editor's plane, lying flat), for the editor and exports. */
export function figureGeometry(kind: Hyper3dShape): BufferGeometry {
  switch (kind) {
    case 'plane':
      return new PlaneGeometry(1, 1).rotateX(-Math.PI / 2);
    case 'cube':
      return new BoxGeometry(1, 1, 1);
    case 'sphere':
      return new SphereGeometry(0.6, 48, 32);
    case 'torus':
      return new TorusGeometry(0.5, 0.2, 24, 64);
    case 'cone':
      return new ConeGeometry(0.6, 1.2, 48);
    case 'cylinder':
      return new CylinderGeometry(0.5, 0.5, 1.2, 48);
    case 'torusKnot':
      return new TorusKnotGeometry(0.45, 0.15, 160, 24);
    case 'icosahedron':
      return new IcosahedronGeometry(0.65, 0);
  }
}

/** The geometry of each kind of figure at size 1 (about one unit across). */
export function FigureGeometry({ kind }: { kind: FigureKind }) {
  switch (kind) {
    case 'cube':
      return <boxGeometry args={[1, 1, 1]} />;
    case 'sphere':
      return <sphereGeometry args={[0.6, 48, 32]} />;
    case 'torus':
      return <torusGeometry args={[0.5, 0.2, 24, 64]} />;
    case 'cone':
      return <coneGeometry args={[0.6, 1.2, 48]} />;
    case 'cylinder':
      return <cylinderGeometry args={[0.5, 0.5, 1.2, 48]} />;
    case 'torusKnot':
      return <torusKnotGeometry args={[0.45, 0.15, 160, 24]} />;
    case 'icosahedron':
      return <icosahedronGeometry args={[0.65, 0]} />;
  }
}

export function FigureMaterial({ material, color }: { material: MaterialKind; color: string }) {
  if (material === 'normal') return <meshNormalMaterial />;
  if (material === 'wireframe') return <meshBasicMaterial color={color} wireframe />;
  return <meshStandardMaterial color={color} roughness={0.42} metalness={0.08} />;
}
