export default function Page() {
  return <h1>routes/admin/index</h1>;
}
