import { HALF_HEIGHT, type FigureKind } from '../figures/figure-model';
import { COLOUR_KEYS, POSITION_KEYS, ROTATION_KEYS, sampleColour, sampleVec3, type TrackName, type Vec3 } from './keyframes';

export interface AnimatedFigure {
  id: string;
  kind: FigureKind;
  name: string;
  colour: string;
  x: number;
  tracks: Record<TrackName, boolean>;
}

export const ANIMATED_FIGURES: AnimatedFigure[] = [
  {
    id: 'knot',
    kind: 'torusKnot',
    name: 'Torus knot',
    colour: '#1e88e5',
    x: -3.3,
    tracks: { rotation: true, position: true, colour: true },
  },
  {
    id: 'cube',
    kind: 'cube',
    name: 'Cube',
    colour: '#43a047',
    x: -1.1,
    tracks: { rotation: true, position: false, colour: false },
  },
  {
    id: 'cone',
    kind: 'cone',
    name: 'Cone',
    colour: '#fb8c00',
    x: 1.1,
    tracks: { rotation: false, position: true, colour: false },
  },
  {
    id: 'gem',
    kind: 'icosahedron',
    name: 'Icosahedron',
    colour: '#8e24aa',
    x: 3.3,
    tracks: { rotation: false, position: false, colour: true },
  },
];

export interface Pose {
  position: Vec3;
  rotation: Vec3;
  colour: string;
  scale: number;
}

/** Where a figure is, how it is turned and its colour at `time`, with the hover look applied by `scale`. */
export function poseAt(figure: AnimatedFigure, time: number, scale = 1): Pose {
  const offset = figure.tracks.position ? sampleVec3(POSITION_KEYS, time) : [0, 0, 0];
  return {
    position: [figure.x + offset[0]!, HALF_HEIGHT[figure.kind] * scale + offset[1]!, offset[2]!],
    rotation: figure.tracks.rotation ? sampleVec3(ROTATION_KEYS, time) : [0, 0, 0],
    colour: figure.tracks.colour ? sampleColour(COLOUR_KEYS, time) : figure.colour,
    scale,
  };
}
