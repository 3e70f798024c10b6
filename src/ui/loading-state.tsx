/** A screen or region on its way: a spinner and what is loading, announced politely. */
export function LoadingState({ label }: { label: string }) {
  return (
    <p role="status" className="loading-state">
      {label}
    </p>
  );
}
