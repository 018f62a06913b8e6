export default function Page() {
  return <h1>blog.$slug</h1>;
}
