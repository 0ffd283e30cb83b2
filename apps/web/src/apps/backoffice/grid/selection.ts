import type { GridRowId, GridRowSelectionModel } from '@mui/x-data-grid';

/**
 * The ids a selection holds. The grid's "select all" on a server-paged grid is an `exclude` model
 * (everything but these): it means the rows on screen, as only they are known here.
 */
export function selectedIds(model: GridRowSelectionModel, visible: readonly GridRowId[]): GridRowId[] {
  if (model.type === 'include') return [...model.ids];
  return visible.filter((id) => !model.ids.has(id));
}
