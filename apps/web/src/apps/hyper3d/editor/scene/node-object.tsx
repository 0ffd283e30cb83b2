import { useCallback, useMemo } from 'react';
import type { Object3D } from 'three';
import { childrenOf, type SceneDoc, type SceneNode } from '../scene-model';
import { CameraContent, FigureContent, LightContent, ModelContent } from './node-contents';
import { registerObject } from './object-registry';

interface Props {
  node: SceneNode;
  doc: SceneDoc;
  /** The editor draws helpers and pickers; a shared scene's view does not. */
  editing: boolean;
  lookThrough: string | null;
}

/** A node of the outline in the view: its own object (transform, visibility) holding what it is and its children. */
export function NodeObject({ node, doc, editing, lookThrough }: Props) {
  const children = useMemo(() => childrenOf(doc, node.id), [doc, node.id]);
  const register = useCallback((object: Object3D | null) => registerObject(node.id, object), [node.id]);
  return (
    <group
      ref={register}
      name={node.name}
      position={node.position}
      rotation={node.rotation}
      scale={node.scale}
      visible={node.visible}
      userData={{ nodeId: node.id }}
    >
      {node.type === 'figure' && <FigureContent node={node} />}
      {node.type === 'light' && <LightContent node={node} editing={editing} />}
      {node.type === 'camera' && <CameraContent node={node} editing={editing} looking={lookThrough === node.id} />}
      {node.type === 'model' && <ModelContent node={node} />}
      {children.map((child) => (
        <NodeObject key={child.id} node={child} doc={doc} editing={editing} lookThrough={lookThrough} />
      ))}
    </group>
  );
}
