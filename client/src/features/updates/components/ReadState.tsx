/** What a section says while its read is loading or after it failed (`what`: "updates", "questions"). */
export function ReadState({ read, what }: { read: { isPending: boolean; error: unknown }; what: string }) {
  if (read.isPending) return <p className="text-sm text-muted-foreground">Loading {what}…</p>;
  return (
    <p role="alert" className="text-sm text-destructive">
      The {what} could not be loaded. Please reload the page.
    </p>
  );
}
