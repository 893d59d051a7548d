import { Button } from '../ui/Button.tsx';

export interface RowActionButtonProps {
  action: string;
  /** The row acted on, named for screen readers after the action ("Delete Madrid centro"). */
  rowLabel: string;
  danger?: boolean;
  onClick: () => void;
}

/** A button in a table row. */
export function RowActionButton({ action, rowLabel, danger = false, onClick }: RowActionButtonProps) {
  return (
    <Button
      variant="ghost"
      className={danger ? 'text-rose-700' : ''}
      onClick={onClick}
      aria-label={`${action} ${rowLabel}`}
    >
      {action}
    </Button>
  );
}
