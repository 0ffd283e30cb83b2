import { create } from 'zustand';

/**
 * Whether the portal search palette is open. `wanted` turns true the first time it is asked for: its
 * code loads then, not with every page. Ctrl+K and the top bar's button both go through here.
 */
export const usePaletteStore = create<{ open: boolean; wanted: boolean }>(() => ({ open: false, wanted: false }));

export const openPalette = () => usePaletteStore.setState({ open: true, wanted: true });
export const togglePalette = () => usePaletteStore.setState((state) => ({ open: !state.open, wanted: true }));
export const closePalette = () => usePaletteStore.setState({ open: false });
