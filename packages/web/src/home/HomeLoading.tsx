/** A line saying a part of the home page is on its way, spoken once. */
export function HomeLoading({ what }: { what: string }) {
  return (
    <p role="status" className="home-note">
      Loading {what}…
    </p>
  );
}
