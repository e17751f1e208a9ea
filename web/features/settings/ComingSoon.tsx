/** Marks a control that a later release brings to life; linked to it by aria-describedby. */
export function ComingSoon({ id }: { id: string }) {
  return (
    <p id={id} className="text-[0.8rem] font-medium text-muted-foreground">
      Coming soon
    </p>
  );
}
