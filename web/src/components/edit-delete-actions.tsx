import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';

type EditDeleteActionsProps = {
  /** Names the row in the buttons' accessible names ("Edit Gold"). */
  name: string;
  onEdit: () => void;
  /** Absent for a row that cannot be deleted (the default plan). */
  onDelete?: () => void;
  busy?: boolean;
};

/** Edit and Delete of one row of a manager's table. */
export function EditDeleteActions({ name, onEdit, onDelete, busy = false }: EditDeleteActionsProps) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: { xs: 'flex-start', md: 'flex-end' }, gap: 1, width: '100%' }}>
      <Button size="small" startIcon={<EditOutlinedIcon />} onClick={onEdit} aria-label={`Edit ${name}`}>
        Edit
      </Button>
      {onDelete && (
        <Button size="small" color="error" startIcon={<DeleteOutlinedIcon />} onClick={onDelete} disabled={busy} aria-label={`Delete ${name}`}>
          Delete
        </Button>
      )}
    </Box>
  );
}
