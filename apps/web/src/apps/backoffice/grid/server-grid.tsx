import { Alert, alpha, Box, Button, Paper, Stack } from '@mui/material';
import {
  DataGrid,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridFilterModel,
  type GridRowClassNameParams,
  type GridRowSelectionModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { LIST_COUNT_CAP, type ListPage } from '@portal/contracts';
import { filtersFromModel, modelFromFilters, PAGE_SIZES, withSearch, type GridQuery, type GridQueryOptions } from './grid-query';
import { cspNonce } from '../../../shared/security/csp-nonce';
import { SearchBox } from './search-box';

interface ServerGridProps<T extends GridValidRowModel> {
  /** The grid's accessible name. */
  label: string;
  searchLabel: string;
  columns: GridColDef<T>[];
  query: GridQuery;
  onQueryChange(next: GridQuery): void;
  options: GridQueryOptions;
  result: UseQueryResult<ListPage<T>>;
  getRowId?: (row: T) => string | number;
  getRowClassName?: (params: GridRowClassNameParams<T>) => string;
  /** What an empty list says (no rows at all, or none matching the search). */
  emptyText: string;
  /** Controls beside the search box (filters, a "new" button). */
  toolbar?: ReactNode;
  selection?: { model: GridRowSelectionModel; onChange(model: GridRowSelectionModel): void };
  /**
   * Columns shown or hidden to begin with (a page hides its least needed ones on a narrow screen);
   * the grid's column menu still shows or hides any. Set again when it changes.
   */
  columnVisibility?: GridColumnVisibilityModel;
  testId: string;
}

/**
 * The footer's "1–25 of 300"; past the server's count cap (issue 24) the count is unknown: "of 10,000+"
 * (a search's "of 1,000+": `counted`, the server's capped count), and the grid pages on while the
 * server says there is a next page.
 */
export function displayedRows(
  { from, to, count }: { from: number; to: number; count: number },
  counted = LIST_COUNT_CAP,
): string {
  return `${from}–${to} of ${count === -1 ? `${counted.toLocaleString('en')}+` : count.toLocaleString('en')}`;
}

const ROW = 52;
const CHROME = 56 + 56 + 2; // the header, the footer, the border

/** As tall as the page's rows (room for the empty or loading message when there are few), at most ten rows. */
export function gridHeight(rows: number, pageSize: number): number {
  return CHROME + ROW * Math.min(Math.max(rows, 3), pageSize, 10);
}

/**
 * A back-office list as a data grid in server mode: the server sorts, filters and pages (the
 * grid only shows one page and the total), with a search box above. Its state is the page's URL.
 */
export function ServerGrid<T extends GridValidRowModel>({
  label,
  searchLabel,
  columns,
  query,
  onQueryChange,
  options,
  result,
  getRowId,
  getRowClassName,
  emptyText,
  toolbar,
  selection,
  columnVisibility,
  testId,
}: ServerGridProps<T>) {
  const [visibility, setVisibility] = useState<GridColumnVisibilityModel>(columnVisibility ?? {});
  useEffect(() => setVisibility(columnVisibility ?? {}), [columnVisibility]);
  const filterModel: GridFilterModel = {
    items: modelFromFilters(
      query.filters,
      columns.map((column) => column.field),
    ),
  };
  const page = result.data;
  const capped = page?.count_capped ?? false;
  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
        useFlexGap
      >
        <SearchBox label={searchLabel} value={query.search} onSearch={(text) => onQueryChange(withSearch(query, text))} />
        {toolbar}
      </Stack>
      {result.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void result.refetch()}>
              Try again
            </Button>
          }
          data-testid="grid-error"
        >
          The list could not be loaded: {result.error.message}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ width: '100%', overflow: 'hidden' }} data-testid={testId}>
        <Box sx={{ height: gridHeight(page?.results.length ?? 0, query.pageSize), width: '100%' }}>
          <DataGrid<T>
            // The grid's own <style> element (its CSS variables) needs the nonce, as Emotion's do.
            nonce={cspNonce}
            aria-label={label}
            rows={page?.results ?? []}
            rowCount={capped ? -1 : (page?.count ?? 0)}
            paginationMeta={capped ? { hasNextPage: page?.next !== null } : undefined}
            columns={columns}
            columnVisibilityModel={visibility}
            onColumnVisibilityModelChange={setVisibility}
            getRowId={getRowId}
            getRowClassName={getRowClassName}
            loading={result.isFetching}
            paginationMode="server"
            sortingMode="server"
            filterMode="server"
            paginationModel={{ page: query.page, pageSize: query.pageSize }}
            onPaginationModelChange={(model) =>
              onQueryChange({ ...query, page: model.pageSize === query.pageSize ? model.page : 0, pageSize: model.pageSize })
            }
            pageSizeOptions={[...PAGE_SIZES]}
            sortModel={query.sort ? [{ field: query.sort.field, sort: query.sort.direction }] : []}
            onSortModelChange={(model) => {
              const first = model[0];
              onQueryChange({
                ...query,
                page: 0,
                sort: first?.sort ? { field: first.field, direction: first.sort } : null,
              });
            }}
            filterModel={filterModel}
            onFilterModelChange={(model) => {
              // Filters set by the controls above (not a column's) stay; the columns' own are replaced.
              const fields = columns.map((column) => column.field);
              const kept = Object.fromEntries(Object.entries(query.filters).filter(([key]) => !fields.includes(key)));
              onQueryChange({ ...query, page: 0, filters: { ...kept, ...filtersFromModel(model.items, options.filterKeys) } });
            }}
            checkboxSelection={selection !== undefined}
            rowSelectionModel={selection?.model}
            onRowSelectionModelChange={selection?.onChange}
            keepNonExistentRowsSelected={selection !== undefined}
            disableRowSelectionOnClick
            localeText={{
              noRowsLabel: emptyText,
              noResultsOverlayLabel: emptyText,
              paginationDisplayedRows: (rows) => displayedRows(rows, page?.count),
            }}
            sx={{
              border: 0,
              // The loading overlay (a bar over the rows while a page loads, and while the list reloads
              // after a change) lets clicks through: it covered the rows, and a click on a row's button
              // as a reload began was lost (issue 31: the moderation tests' flaky suspend and reinstate).
              '& .MuiDataGrid-overlayWrapper': { pointerEvents: 'none' },
              '& .row--low': { bgcolor: (theme) => alpha(theme.palette.warning.main, 0.14) },
              '& .row--muted': { color: 'text.secondary' },
            }}
          />
        </Box>
      </Paper>
    </Stack>
  );
}
