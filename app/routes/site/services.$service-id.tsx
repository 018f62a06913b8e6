export default function Page() {
  return <h1>services.$service-id</h1>;
}
