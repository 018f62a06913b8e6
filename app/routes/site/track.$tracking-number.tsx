export default function Page() {
  return <h1>routes/site/track.$tracking-number</h1>;
}
