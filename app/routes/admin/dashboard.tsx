export default function Page() {
  return <h1>routes/admin/dashboard</h1>;
}
