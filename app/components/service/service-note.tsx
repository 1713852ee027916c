/** A highlighted safety or preparation note inside service content. */
export function ServiceNote({ children, label = "Important" }: { children: React.ReactNode; label?: string }) {
  return (
    <div className="service-note" role="note" aria-label={label}>
      {children}
    </div>
  );
}
