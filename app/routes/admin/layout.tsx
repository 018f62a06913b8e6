export default function Page() {
  return <h1>routes/admin/layout</h1>;
}
