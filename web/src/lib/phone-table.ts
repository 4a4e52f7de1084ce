import type { Theme } from '@mui/material/styles';

/** Hides a column on phones; its content moves into the first column there. */
export const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } } as const;

/** Shows a part of a cell on phones only (the columns hidden there). */
export const PHONE_ONLY = { display: { xs: 'block', md: 'none' } } as const;

/** Hides the header row on phones, where rows are cards. */
export const WIDE_HEAD = { display: { xs: 'none', md: 'table-header-group' } } as const;

/**
 * At 390px wide an admin table does not fit: each row becomes a small grid card, the visible
 * cells side by side with the first taking the free width.
 */
export const phoneRow = (theme: Theme) => ({
  [theme.breakpoints.down('md')]: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    alignItems: 'center',
    columnGap: theme.spacing(1),
    padding: theme.spacing(1, 0),
    borderBottom: `1px solid ${theme.palette.divider}`,
    '& > td': { borderBottom: 'none', paddingTop: theme.spacing(0.5), paddingBottom: theme.spacing(0.5) },
  },
});

/** A cell that takes a line of its own in a phone row (the actions). */
export const phoneFullWidth = (theme: Theme) => ({ [theme.breakpoints.down('md')]: { gridColumn: '1 / -1' } });
