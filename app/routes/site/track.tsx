export default function Page() {
  return <h1>track</h1>;
}
