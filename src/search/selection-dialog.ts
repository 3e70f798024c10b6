/** What the selection toolbar hands each of its dialogs: the selected assets, where they are listed, how to close. */
export interface SelectionDialogProps {
  /** the resource the selected ids belong to */
  resource: string;
  /** the results list the selection was made in */
  list: string;
  ids: readonly string[];
  onClose(): void;
}
