/**
 * Whether WebGL is drawn by the processor rather than a graphics card (SwiftShader when hardware
 * acceleration is off or the GPU is blocklisted, Mesa's llvmpipe …): heavy passes take seconds there.
 */
export function isSoftwareRenderer(gl: WebGLRenderingContext | WebGL2RenderingContext): boolean {
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
  return /swiftshader|llvmpipe|softpipe|software|microsoft basic render/i.test(name);
}
