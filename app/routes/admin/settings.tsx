export default function Page() {
  return <h1>routes/admin/settings</h1>;
}
