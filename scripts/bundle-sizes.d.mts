// Types of bundle-sizes.mjs for the TypeScript that imports it (e2e/specs/bundle.spec.ts).
export declare const WEB_DIST: string;
export declare const APP_FIRST_VIEWS: Record<string, string[]>;
export declare const TARGETS: { landingJs: number; appFirstView: number };
export declare const ROOT_SHELL: string;
export declare const BUDGETS: {
  landingJs: number;
  landingCss: number;
  firstVisit: Record<string, number>;
  firstViewFiles: number;
};
export interface ViewSize {
  js: number;
  css: number;
  total: number;
  files: string[];
}
export declare function bundleSizes(dist?: string): {
  landing: { js: number; css: number; files: string[] };
  shell: { js: number; css: number; files: string[] };
  apps: Record<string, ViewSize>;
};
export declare function kb(bytes: number): string;
