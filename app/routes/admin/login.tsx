export default function Page() {
  return <h1>routes/admin/login</h1>;
}
